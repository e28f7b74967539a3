/**
 * English counts take their singular (`<key>_one`) at 1 and the plural text otherwise; Chinese has one form.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enAccounts from './en/accounts';
import enDeals from './en/deals';
import enNotifications from './en/notifications';
import enTasks from './en/tasks';
import enVideos from './en/videos';
import type { Messages } from './messages';
import zhNotifications from './zh-CN/notifications';

type Tree = { [key: string]: unknown };
const english = import.meta.glob<{ default: Tree }>('./en/*.ts', { eager: true });

/**
 * A counted text whose words change in the singular: a plural noun ending in "s" right after `{{count}}`
 * (or after `{{count}} more`, or `{{count}})`): "{{count}} reviews", "({{count}} reviews)", "{{count}} more
 * requirements". "{{count}} unread", "Reviews: {{count}}" read the same at 1 and need no singular.
 */
const PLURAL_AFTER_COUNT = /\{\{count\}\}\)?\s+(?:more\s+)?[A-Za-z]*[a-z]s\b/;

/** `namespace:key.path` of each counted English text that lacks its `<key>_one` singular beside it. */
function missingSingulars(files: Record<string, { default: Tree }>): string[] {
  const missing: string[] = [];
  const walk = (node: Tree, at: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') {
        const base = key.replace(/_other$/, '');
        if (!key.endsWith('_one') && PLURAL_AFTER_COUNT.test(value) && typeof node[`${base}_one`] !== 'string') missing.push(`${at}${key}`);
      } else if (value && typeof value === 'object') walk(value as Tree, `${at}${key}.`);
    }
  };
  for (const [file, mod] of Object.entries(files)) walk(mod.default, `${file.replace(/^.*\/(\w+)\.ts$/, '$1')}:`);
  return missing;
}

describe('plural forms', () => {
  it('English: 1 week ago, 3 weeks ago, 1 follower, 2 followers; Chinese one form', async () => {
    const i = i18next.createInstance();
    await i.init({
      lng: 'en',
      fallbackLng: 'zh-CN',
      resources: { en: { notifications: enNotifications, videos: enVideos }, 'zh-CN': { notifications: zhNotifications } },
      interpolation: { escapeValue: false },
    });
    expect(i.t('notifications:relative.weeks', { count: 1 })).toBe('1 week ago');
    expect(i.t('notifications:relative.weeks', { count: 3 })).toBe('3 weeks ago');
    expect(i.t('notifications:relative.years', { count: 1 })).toBe('1 year ago');
    expect(i.t('videos:detail.followers', { count: 1 })).toBe('1 follower');
    expect(i.t('videos:detail.followers', { count: 0 })).toBe('0 followers');
    await i.changeLanguage('zh-CN');
    expect(i.t('notifications:relative.weeks', { count: 1 })).toBe(zhNotifications.relative.weeks.replace('{{count}}', '1'));
  });

  it('every English counted text whose words change at 1 has its singular (_one) beside it', () => {
    expect(Object.keys(english).length).toBeGreaterThan(15);
    expect(missingSingulars(english)).toEqual([]);
  });

  it('the audit finds a counted plural without its singular, and accepts one with it', () => {
    const files = {
      './en/x.ts': {
        default: {
          a: '{{count}} items',
          b: { c: '({{count}} reviews)', d: '{{count}} more requirements', e: '{{count}} unread', f: 'Reviews: {{count}}' },
          g: '{{count}} tasks',
          g_one: '{{count}} task',
          h_one: '{{count}} person',
          h_other: '{{count}} persons',
          i_other: '{{count}} cards',
        },
      },
    };
    expect(missingSingulars(files)).toEqual(['x:a', 'x:b.c', 'x:b.d', 'x:i_other']);
  });

  it('English singulars of the stars, the years of experience and the last place', async () => {
    const i = i18next.createInstance();
    await i.init({ lng: 'en', resources: { en: { deals: enDeals, accounts: enAccounts, tasks: enTasks } }, interpolation: { escapeValue: false } });
    expect(i.t('deals:reviews.stars', { count: 1 })).toBe('1 star');
    expect(i.t('deals:reviews.stars', { count: 4 })).toBe('4 stars');
    expect(i.t('accounts:influencer.yearsValue', { count: 1, value: '1' })).toBe('1 year');
    expect(i.t('accounts:influencer.yearsValue', { count: 2.5, value: '2.5' })).toBe('2.5 years');
    expect(i.t('tasks:applicantsSlots.acceptTextLast', { count: 1, slots: 1, name: 'A' })).toContain('the only place');
    expect(i.t('tasks:applicantsSlots.acceptTextLast', { count: 3, slots: 3, name: 'A' })).toContain('all 3 places');
  });

  it('a singular only beside a text of the Chinese namespace', () => {
    const ok: Messages<{ a: string }> = { a: '{{count}} items', a_one: '{{count}} item' };
    // @ts-expect-error b_one has no text b beside it
    const wrong: Messages<{ a: string }> = { a: '{{count}} items', b_one: 'x' };
    expect([ok, wrong]).toHaveLength(2);
  });
});
