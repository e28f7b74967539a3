/**
 * What a new user and an outside tester tripped over, walking every page in both languages (decision 0029),
 * on a server of its own with the demo data, a deal with money in escrow, a message, an invitation, a
 * top-up waiting for the bank and a payout:
 *   6. no Chinese in English: on the pages a signed-in influencer and company visit in English, no Chinese
 *      character shows (visible text, aria labels, placeholders, titles) except user-entered data and the
 *      language switch's own 简体中文; a task stored as 线上 reads Online;
 *   7. one date form: every page that shows a date shows it the app's way (2026/11/26 10:43 in Chinese,
 *      11/26/2026, 10:43 in English), whatever the browser's own locale — never AM/PM, never an ISO day;
 *   8. the header is never cut: at 360, 390 and 430 px, in both languages, signed out and signed in as
 *      company, influencer and admin, no text of the header is truncated;
 *  13. money with cents: the deal page (and every page with an amount) shows $1,500.00, never $1,500.
 *
 * The data a page shows is learnt from the JSON answers it received: a Chinese text there is user-entered
 * (titles, names, messages), except the values the app must translate (option values and labels, a category's
 * Chinese name when it has an English one, the stored 线上).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import * as shared from '../src/shared/options';
import { ConsoleGuard, DEMO, appLive, expect, navigateInApp, test } from './fixtures';
import { acceptedDeal, fundWallet, ok, ownDealServer } from './dealHelpers';

const own = ownDealServer('webfmt');

type Lang = 'zh-CN' | 'en';
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const CJK_RUN = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+/g;
const ONLINE = '\u7ebf\u4e0a'; // 线上, the location a task is stored with when its live is online

// ---------------------------------------------------------------------------------------------------------
// the values the app must translate: never "user data", even when an answer carries them

function platformWords(): Set<string> {
  const words = new Set<string>([ONLINE]);
  for (const v of Object.values(shared)) {
    if (Array.isArray(v)) {
      for (const o of v as unknown[]) {
        if (o && typeof o === 'object' && 'zh' in o && 'value' in o) {
          words.add(String((o as { zh: string }).zh));
          words.add(String((o as { value: string }).value));
        }
      }
    } else if (v && typeof v === 'object') {
      for (const l of Object.values(v as Record<string, unknown>)) if (l && typeof l === 'object' && 'zh' in l) words.add(String((l as { zh: string }).zh));
    }
  }
  return words;
}
const PLATFORM = platformWords();

/** Collects the Chinese strings of the JSON answers a context receives (user-entered data). */
class DataStrings {
  readonly strings = new Set<string>();
  private pending: Promise<void>[] = [];
  constructor(context: BrowserContext) {
    context.on('response', (res) => {
      if (!/\/api\//.test(res.url()) || !(res.headers()['content-type'] ?? '').includes('application/json')) return;
      this.pending.push(
        res
          .json()
          .then((body: unknown) => this.walk(body))
          .catch(() => undefined),
      );
    });
  }
  private walk(v: unknown) {
    if (typeof v === 'string') {
      if (CJK.test(v) && !PLATFORM.has(v.trim())) this.strings.add(v.trim());
    } else if (Array.isArray(v)) v.forEach((x) => this.walk(x));
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const [k, x] of Object.entries(o)) {
        // a category's Chinese name is shown in English by its English name
        if (k === 'name' && typeof o.nameEn === 'string' && o.nameEn.trim()) continue;
        // an error's message is the Chinese text of its code: the app shows the code's text
        if (k === 'error') continue;
        this.walk(x);
      }
    }
  }
  async settled() {
    while (this.pending.length) await Promise.all(this.pending.splice(0));
  }
}

type Seen = { text: string; where: string };

/** Every text a reader meets on the page: visible text nodes, and the labels, placeholders, titles and alts of visible elements. */
async function readable(page: Page): Promise<Seen[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const where = (el: Element) => {
      const t = el.closest('[data-testid]');
      return `${el.tagName.toLowerCase()}${t ? ` in [data-testid=${t.getAttribute('data-testid')}]` : ''}`;
    };
    const skip = (el: Element) => !!el.closest('.lang-switch, script, style, noscript, template, svg');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = (n.textContent ?? '').trim();
      if (!el || !text || skip(el) || !el.checkVisibility()) continue;
      // a select's placeholder is an attribute-like text (it names what to type, e.g. a day as 2026-10-01)
      out.push({ text, where: `${where(el)}${el.closest('[class*="placeholder"]') ? ' @placeholder' : ''}` });
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt], input[type=text], input:not([type]), textarea')) {
      if (skip(el) || !el.checkVisibility()) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push({ text: v, where: `${where(el)} @${a}` });
      }
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
        if (el.value.trim()) out.push({ text: el.value.trim(), where: `${where(el)} @value` });
      }
    }
    return out;
  });
}

/** Waits until the page has its data: no request of the app's in flight for a moment, no skeleton or busy region. */
class Quiet {
  private inflight = new Set<unknown>();
  constructor(page: Page) {
    const counts = (url: string) => !/\/api\/events/.test(url);
    page.on('request', (r) => counts(r.url()) && this.inflight.add(r));
    page.on('requestfinished', (r) => this.inflight.delete(r));
    page.on('requestfailed', (r) => this.inflight.delete(r));
  }
  async wait(page: Page) {
    await appLive(page);
    let calm = 0;
    for (let i = 0; i < 150 && calm < 4; i++) {
      await page.waitForTimeout(125);
      const busy = await page.evaluate(
        () => !!document.querySelector('[aria-busy="true"], .ant-skeleton, .ant-spin-spinning, [data-testid$="-skeleton"], .skeleton'),
      );
      calm = this.inflight.size === 0 && !busy ? calm + 1 : 0;
    }
  }
}

type Person = { context: BrowserContext; page: Page; data: DataStrings; quiet: Quiet };

/** A browser context whose app speaks `lang` while the browser itself is set to `locale`, signed in as `email`. */
async function person(browser: Browser, guard: ConsoleGuard, o: { lang: Lang; locale?: string; email?: string; width?: number }): Promise<Person> {
  const context = await browser.newContext({
    baseURL: own.url,
    locale: o.locale ?? o.lang,
    timezoneId: 'Asia/Shanghai',
    viewport: { width: o.width ?? 1280, height: 900 },
  });
  await context.addInitScript((l) => localStorage.setItem('lang', l), o.lang);
  await context.addCookies([{ name: 'lang', value: o.lang, url: own.url }]);
  const data = new DataStrings(context);
  const page = await context.newPage();
  guard.attach(page);
  const quiet = new Quiet(page);
  if (o.email) {
    const res = await page.request.post(o.email === DEMO.admin ? '/api/admin/login' : '/api/auth/login', { data: { email: o.email, password: DEMO.password } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { context, page, data, quiet };
}

/**
 * Opens `path` as a reader following a link would: the first page of a person loads from the server, the next
 * ones inside the app (the router follows the address, as on a click) — loading and starting the app again for
 * each of ~40 pages per person was most of this file's time (decision 0041, item 11). The first-load render of
 * every page is checked by hydration.spec and first-paint.spec.
 */
async function visit(p: Person, path: string, then?: (page: Page) => Promise<void>) {
  if (p.page.url().startsWith(own.url)) {
    await navigateInApp(p.page, path);
  } else await p.page.goto(path);
  await p.quiet.wait(p.page);
  if (then) {
    await then(p.page);
    await p.quiet.wait(p.page);
  }
  await p.data.settled();
}

// ---------------------------------------------------------------------------------------------------------
// the data every test reads: made once through the API

type World = { dealId: string; dealTaskId: string; conversationId: string; inviteTaskId: string; receiptId: string; influencerId: string };
let world: World | undefined;

async function setUp(browser: Browser): Promise<World> {
  if (world) return world;
  const co = await browser.newContext({ baseURL: own.url });
  const inf = await browser.newContext({ baseURL: own.url });
  try {
    for (const [c, email] of [
      [co, DEMO.company],
      [inf, DEMO.influencer],
    ] as const)
      await ok(await c.request.post('/api/auth/login', { data: { email, password: DEMO.password } }), `login ${email}`);
    // the company's wallet pays the fee into escrow at acceptance; a bank transfer waits for the finance team
    await fundWallet(co.request, 500_000);
    await ok(await co.request.post('/api/wallet/topups', { data: { amountCents: 25_050, method: 'bank_transfer' } }), 'bank transfer');
    const dealId = await acceptedDeal(co.request, inf.request, `Spring launch live ${Date.now().toString(36)}`, 150_000, {
      budgetMinCents: 100_000,
      budgetMaxCents: 300_000,
    });
    const deal = await ok<{ conversationId: string; taskId: string; influencer: { id: string } }>(await co.request.get(`/api/deals/${dealId}`), 'deal');
    await ok(await co.request.post(`/api/conversations/${deal.conversationId}/messages`, { data: { message: 'Samples go out on Monday.' } }), 'message');
    await ok(await inf.request.post(`/api/conversations/${deal.conversationId}/messages`, { data: { message: 'Thanks, looking forward to it.' } }), 'reply');
    // the company proposes the live: its times on the deal page, its start in the influencer's bell
    const now = Date.parse((await ok<{ serverNow: string }>(await co.request.get(`/api/deals/${dealId}`), 'deal')).serverNow);
    const start = new Date(now + 50 * 3600_000 + 5 * 60_000);
    await ok(
      await co.request.post(`/api/deals/${dealId}/events/propose_schedule`, {
        data: { start: start.toISOString(), end: new Date(start.getTime() + 2 * 3600_000).toISOString(), roomUrl: 'https://live.douyin.com/1' },
      }),
      'schedule',
    );
    // an invitation with an offered rate
    const cats = await ok<{ items: { id: string }[] }>(await co.request.get('/api/categories'), 'categories');
    const { task } = await ok<{ task: { id: string } }>(
      await co.request.post('/api/tasks', {
        data: {
          title: `Autumn collection ${Date.now().toString(36)}`,
          description: 'A two-hour live of the new coats.',
          categoryId: cats.items[0].id,
          productName: 'Wool coat',
          requirements: 'Fashion creators',
          budgetMinCents: 100_000,
          budgetMaxCents: 300_000,
        },
      }),
      'task',
    );
    await ok(
      await co.request.post('/api/task-invitations', {
        data: { taskId: task.id, influencerId: deal.influencer.id, message: 'We would love to have you on this live.', offeredRateCents: 120_000 },
      }),
      'invite',
    );
    // the influencer: a top-up (for a deposit), a bank account and a payout
    await fundWallet(inf.request, 10_000);
    const { bankAccount } = await ok<{ bankAccount: { id: string } }>(
      await inf.request.post('/api/wallet/bank-accounts', { data: { holderName: 'Li Na', bankName: 'Bank of Example', accountNumber: '6222021234567890123' } }),
      'bank account',
    );
    await ok(await inf.request.post('/api/wallet/payouts', { data: { amountCents: 2025, bankAccountId: bankAccount.id } }), 'payout');
    const wallet = await ok<{ statement: { items: { entryId: string }[] } }>(await co.request.get('/api/wallet'), 'wallet');
    world = {
      dealId,
      dealTaskId: deal.taskId,
      conversationId: deal.conversationId,
      inviteTaskId: task.id,
      receiptId: wallet.statement.items[0].entryId,
      influencerId: deal.influencer.id,
    };
    return world;
  } finally {
    await Promise.all([co.close(), inf.close()]);
  }
}

/** The pages each role visits, with what to do on them once loaded. */
function influencerPages(w: World): [string, ((page: Page) => Promise<void>)?][] {
  return [
    ['/'],
    ['/tasks'],
    [`/task/${w.inviteTaskId}`],
    [`/task/${w.dealTaskId}`],
    ['/influencer-tasks', async (page) => void (await expect(page.getByTestId('for-you-task').first()).toBeVisible())],
    ['/influencer-tasks?tab=invitations', async (page) => void (await expect(page.getByTestId('invitation-item').first()).toBeVisible())],
    ['/deals'],
    [`/deal/${w.dealId}`],
    [`/messages/${w.conversationId}`],
    ['/wallet', async (page) => void (await expect(page.getByTestId('payout-row').first()).toBeVisible())],
    ['/influencers'],
    [`/influencer/${w.influencerId}`],
    ['/videos'],
    ['/profile'],
    ['/influencer-profile'],
    ['/account-settings'],
    ['/help'],
    ['/', async (page) => void (await page.getByTestId('notif-bell').click())],
  ];
}
function companyPages(w: World): [string, ((page: Page) => Promise<void>)?][] {
  return [
    ['/company-tasks'],
    [
      '/company-tasks',
      async (page) => {
        await page.getByTestId('publish-task').click();
        await expect(page.getByTestId('publish-form')).toBeVisible();
      },
    ],
    [`/task/${w.dealTaskId}`],
    [`/task/${w.inviteTaskId}`],
    ['/deals'],
    [`/deal/${w.dealId}`],
    [`/messages/${w.conversationId}`],
    ['/wallet', async (page) => void (await expect(page.getByTestId('topup-row').first()).toBeVisible())],
    [`/wallet/receipt/${w.receiptId}`],
    ['/company-profile'],
    ['/influencers'],
    [`/influencer/${w.influencerId}`],
    ['/account-settings'],
  ];
}
const ADMIN_TABS = ['overview', 'users', 'tasks', 'disputes', 'finance', 'videos', 'reviews', 'settings', 'audit', 'contact'];

// ---------------------------------------------------------------------------------------------------------
// 6. no Chinese in English

function chineseOutsideData(seen: Seen[], data: Set<string>): string[] {
  const strings = [...data].sort((a, b) => b.length - a.length);
  const bad: string[] = [];
  for (const s of seen) {
    if (!CJK.test(s.text)) continue;
    let rest = s.text;
    for (const d of strings) if (rest.includes(d)) rest = rest.split(d).join(' ');
    // what is left must not be Chinese, except the start of a datum (an avatar's initial, a shortened title)
    const runs = (rest.match(CJK_RUN) ?? []).filter((r) => !strings.some((d) => d.startsWith(r)));
    if (runs.length) bad.push(`${JSON.stringify(s.text)} (${runs.join(' ')}) — ${s.where}`);
  }
  return [...new Set(bad)];
}

test('6. in English, no Chinese shows on the pages an influencer and a company visit, except their data; 线上 reads Online', async ({ browser, guard }) => {
  test.setTimeout(600_000);
  const w = await setUp(browser);
  const problems: string[] = [];
  for (const [email, pages] of [
    [DEMO.influencer, influencerPages(w)],
    [DEMO.company, companyPages(w)],
  ] as const) {
    const p = await person(browser, guard, { lang: 'en', email });
    try {
      for (const [path, then] of pages) {
        await visit(p, path, then);
        for (const b of chineseOutsideData(await readable(p.page), p.data.strings)) problems.push(`${email} ${path}: ${b}`);
      }
    } finally {
      await p.context.close();
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);

  // the recommended tasks (stored 线上) say Online in English and 线上 in Chinese
  for (const [lang, word] of [
    ['en', 'Online'],
    ['zh-CN', ONLINE],
  ] as const) {
    const p = await person(browser, guard, { lang, email: DEMO.influencer, width: 390 });
    try {
      await visit(p, '/influencer-tasks');
      const cards = p.page.getByTestId('for-you-task');
      await expect(cards.first()).toBeVisible();
      await expect(cards.filter({ hasText: word }).first()).toBeVisible();
      if (lang === 'en') await expect(p.page.getByTestId('for-you')).not.toContainText(ONLINE);
    } finally {
      await p.context.close();
    }
  }
});

test('6. the publish form starts at the online location, in the reader’s language', async ({ browser, guard }) => {
  await setUp(browser);
  for (const [lang, word] of [
    ['zh-CN', ONLINE],
    ['en', 'Online'],
  ] as const) {
    const p = await person(browser, guard, { lang, email: DEMO.company, width: 390 });
    try {
      await visit(p, '/company-tasks');
      await p.page.getByTestId('publish-task').click();
      await expect(p.page.getByTestId('publish-location')).toHaveValue(word);
    } finally {
      await p.context.close();
    }
  }
});

// ---------------------------------------------------------------------------------------------------------
// 7. one date form

/** The problems of a page's dates in `lang`: AM/PM, ISO days, a numeric date of the other form. */
function dateProblems(seen: Seen[], lang: Lang): string[] {
  const bad: string[] = [];
  for (const s of seen) {
    if (s.where.includes('@')) continue; // attribute texts: labels, never a shown date
    const t = s.text;
    if (/\b[AP]M\b/.test(t) || /\u4e0a\u5348|\u4e0b\u5348/.test(t)) bad.push(`AM/PM: ${JSON.stringify(t)} — ${s.where}`);
    if (/\b\d{4}-\d{2}-\d{2}\b/.test(t)) bad.push(`ISO day: ${JSON.stringify(t)} — ${s.where}`);
    if (/\d{4}\u5e74\d{1,2}\u6708/.test(t) || /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}/.test(t))
      bad.push(`worded date: ${JSON.stringify(t)} — ${s.where}`);
    for (const m of t.matchAll(/\d{1,4}\/\d{1,2}\/\d{1,4}/g)) {
      const good = lang === 'zh-CN' ? /^\d{4}\/\d{2}\/\d{2}$/ : /^\d{2}\/\d{2}\/\d{4}$/;
      if (!good.test(m[0])) bad.push(`${m[0]}: ${JSON.stringify(t)} — ${s.where}`);
    }
  }
  return [...new Set(bad)];
}

for (const [lang, browserLocale] of [
  ['zh-CN', 'en-US'],
  ['en', 'zh-CN'],
] as const) {
  test(`7. in ${lang} (the browser set to ${browserLocale}) every page shows its dates one way: numeric, 24-hour`, async ({ browser, guard }) => {
    test.setTimeout(600_000);
    const w = await setUp(browser);
    const problems: string[] = [];
    const walks: [string, [string, ((page: Page) => Promise<void>)?][]][] = [
      // (the home page only for the bell: a live's start in a notification)
      [DEMO.influencer, influencerPages(w).filter(([path, then]) => then || !['/', '/videos', '/help', '/influencers'].includes(path))],
      [DEMO.company, companyPages(w).filter(([path]) => path !== '/influencers')],
      [DEMO.admin, ADMIN_TABS.map((tab) => [`/admin?tab=${tab}`] as [string])],
    ];
    let shown = 0;
    for (const [email, pages] of walks) {
      const p = await person(browser, guard, { lang, locale: browserLocale, email });
      try {
        for (const [path, then] of pages) {
          await visit(p, path, then);
          const seen = await readable(p.page);
          shown += seen.filter((s) => /\d{1,4}\/\d{1,2}\/\d{1,4}/.test(s.text)).length;
          for (const b of dateProblems(seen, lang)) problems.push(`${email} ${path}: ${b}`);
        }
        if (email === DEMO.influencer) {
          // the wallet's lines: the statement, the top-ups and the payouts, each with its time the app's way
          await visit(p, '/wallet');
          const form = lang === 'zh-CN' ? /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/ : /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/;
          for (const row of ['statement-line', 'topup-row', 'payout-row']) {
            const time = p.page.getByTestId(row).first().locator('time');
            await expect(time).toHaveText(form);
          }
        }
      } finally {
        await p.context.close();
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(shown, 'the walk met dates').toBeGreaterThan(20);
  });
}

// ---------------------------------------------------------------------------------------------------------
// 8. the header is never cut

type Cut = { text: string; why: string };
async function headerCuts(page: Page): Promise<Cut[]> {
  return page.evaluate(() => {
    const header = document.querySelector('.site-header');
    if (!header) return [{ text: '', why: 'no header' }];
    const cuts: { text: string; why: string }[] = [];
    const headerBox = header.getBoundingClientRect();
    for (const el of [header, ...header.querySelectorAll('*')]) {
      if (!(el instanceof HTMLElement) || !el.checkVisibility()) continue;
      const textNodes = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim());
      if (textNodes.length === 0) continue;
      const text = textNodes.map((n) => n.textContent!.trim()).join(' ');
      const cs = getComputedStyle(el);
      // a visually hidden label (1 px, clipped) is for screen readers: it is read whole
      if (el.classList.contains('visually-hidden') || (cs.position === 'absolute' && el.clientWidth <= 1)) continue;
      if (cs.display !== 'inline' && el.scrollWidth > el.clientWidth) cuts.push({ text, why: `scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}` });
      if (cs.textOverflow === 'ellipsis' && cs.overflowX !== 'visible' && el.scrollWidth > el.clientWidth) cuts.push({ text, why: 'ellipsis in effect' });
      for (const n of textNodes) {
        const range = document.createRange();
        range.selectNodeContents(n);
        const r = range.getBoundingClientRect();
        if (r.left < -0.5 || r.right > window.innerWidth + 0.5) cuts.push({ text, why: `outside the window (${Math.round(r.left)}–${Math.round(r.right)})` });
        if (r.right > headerBox.right + 0.5) cuts.push({ text, why: 'outside the header' });
        for (let a = el.parentElement; a && a !== header.parentElement; a = a.parentElement) {
          const acs = getComputedStyle(a);
          if (acs.overflowX === 'visible') continue;
          const box = a.getBoundingClientRect();
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5) cuts.push({ text, why: `clipped by ${a.className || a.tagName}` });
        }
      }
    }
    // a select shows its chosen option: it must fit between the select's paddings (a transparent select under a
    // label of its own shows nothing itself)
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const s of header.querySelectorAll('select')) {
      if (!s.checkVisibility({ opacityProperty: true })) continue;
      const cs = getComputedStyle(s);
      canvas.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const text = s.selectedOptions[0]?.text ?? '';
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      if (canvas.measureText(text).width > room + 0.5)
        cuts.push({ text, why: `select: ${Math.round(canvas.measureText(text).width)} px of text in ${Math.round(room)} px` });
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      cuts.push({ text: '', why: `the page scrolls sideways (${document.documentElement.scrollWidth} px)` });
    return cuts;
  });
}

test('8. at 360, 390 and 430 px no header text is cut, in both languages, signed out and signed in as company, influencer and admin', async ({
  browser,
  guard,
}) => {
  test.setTimeout(600_000);
  await setUp(browser);
  const problems: string[] = [];
  for (const lang of ['en', 'zh-CN'] as const) {
    for (const email of [undefined, DEMO.company, DEMO.influencer, DEMO.admin]) {
      const p = await person(browser, guard, { lang, email, width: 360 });
      try {
        await visit(p, '/tasks');
        // the header knows who is there: the sign-in button, or the signed-in parts (loaded lazily)
        if (email) await expect(p.page.locator('.site-header [data-testid="user-menu"]')).toHaveCount(1);
        else await expect(p.page.getByTestId('header-login')).toHaveCount(1);
        if (email && email !== DEMO.admin) await expect(p.page.getByTestId('header-messages')).toBeVisible();
        await p.page.evaluate(() => document.fonts.ready);
        await expect(p.page.getByTestId('header-logo')).toContainText(lang === 'en' ? 'LiveCommerce Hub' : '\u76f4\u64ad\u5e26\u8d27\u5e73\u53f0');
        for (const width of [360, 390, 430]) {
          await p.page.setViewportSize({ width, height: 844 });
          await p.page.waitForTimeout(100);
          for (const c of await headerCuts(p.page)) problems.push(`${lang} ${email ?? 'visitor'} ${width}px: ${JSON.stringify(c.text)} ${c.why}`);
        }
      } finally {
        await p.context.close();
      }
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

// ---------------------------------------------------------------------------------------------------------
// 13. money with cents

/** Every dollar amount of the page's visible text that does not show its cents. */
async function amountsWithoutCents(page: Page): Promise<string[]> {
  const seen = await readable(page);
  const bad: string[] = [];
  for (const s of seen) {
    if (s.where.includes('@') || s.where.includes('hall-budget')) continue; // the hall's budget filter names ranges ($1,000 - $5,000)
    for (const m of s.text.matchAll(/\$\s?\d[\d,]*(?:\.\d+)?/g)) if (!/\.\d{2}$/.test(m[0])) bad.push(`${m[0]} in ${JSON.stringify(s.text)} — ${s.where}`);
  }
  return [...new Set(bad)];
}

for (const lang of ['zh-CN', 'en'] as const) {
  test(`13. in ${lang} the deal page shows every amount with its cents, like the wallet; so does every other page with money`, async ({ browser, guard }) => {
    test.setTimeout(600_000);
    const w = await setUp(browser);
    const co = await person(browser, guard, { lang, email: DEMO.company, width: 390 });
    try {
      await visit(co, `/deal/${w.dealId}`);
      await expect(co.page.getByTestId('deal-rate')).toHaveText('$1,500.00');
      await expect(co.page.getByTestId('deal-money-fee')).toHaveText('$1,500.00');
      await expect(co.page.getByTestId('deal-money-escrow')).toContainText('$1,500.00');
      await expect(co.page.getByTestId('deal-money-net')).toHaveText('$1,350.00');
      expect(await amountsWithoutCents(co.page)).toEqual([]);
      await visit(co, '/wallet');
      await expect(co.page.getByTestId('wallet-escrow')).toHaveText('$1,500.00');
    } finally {
      await co.context.close();
    }
    const problems: string[] = [];
    const walks: [string, [string, ((page: Page) => Promise<void>)?][]][] = [
      [DEMO.influencer, influencerPages(w)],
      [DEMO.company, companyPages(w)],
      [DEMO.admin, ADMIN_TABS.map((tab) => [`/admin?tab=${tab}`] as [string])],
    ];
    for (const [email, pages] of walks) {
      const p = await person(browser, guard, { lang, email });
      try {
        for (const [path, then] of pages) {
          await visit(p, path, then);
          for (const b of await amountsWithoutCents(p.page)) problems.push(`${email} ${path}: ${b}`);
        }
      } finally {
        await p.context.close();
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
