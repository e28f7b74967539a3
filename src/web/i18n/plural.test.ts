/**
 * English counts take their singular (`<key>_one`) at 1 and the plural text otherwise; Chinese has one form.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enNotifications from './en/notifications';
import enVideos from './en/videos';
import type { Messages } from './messages';
import zhNotifications from './zh-CN/notifications';

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

  it('a singular only beside a text of the Chinese namespace', () => {
    const ok: Messages<{ a: string }> = { a: '{{count}} items', a_one: '{{count}} item' };
    // @ts-expect-error b_one has no text b beside it
    const wrong: Messages<{ a: string }> = { a: '{{count}} items', b_one: 'x' };
    expect([ok, wrong]).toHaveLength(2);
  });
});
