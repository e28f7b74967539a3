/**
 * Shared by the deal-room browser tests (deals, messages, reviews): a signed-in demo person in a
 * context of their own, the API calls that set a deal up, and the development clock.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ConsoleGuard, DEMO, expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './ownServer';

export const H = 3600_000;
type Response = Awaited<ReturnType<APIRequestContext['post']>>;

/**
 * A server of the spec's own (demo data, DEV_CLOCK=1, the jobs run only when the clock moves), started
 * before its tests and stopped after them; its `url` once started. Tests get 5 minutes.
 */
export function ownDealServer(prefix: string) {
  let own: OwnServer | undefined;
  test.describe.configure({ timeout: 300_000 });
  test.beforeAll(async () => {
    own = await startOwnServer(prefix, { SEED_DEMO: 'true', DEV_CLOCK: '1', JOBS_POLL_MS: '0' });
  });
  test.afterAll(async () => {
    await own?.stop();
  });
  return {
    get url() {
      if (!own) throw new Error(`the ${prefix} server has not started`);
      return own.url;
    },
  };
}

/** Opens the deal page's action `event` and answers its dialog. */
export async function act(page: Page, event: string) {
  await page.getByTestId(`deal-action-${event}`).click();
  const dialog = page.getByTestId('deal-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Submits the open deal dialog and waits until it has closed. */
export async function submit(page: Page) {
  await page.getByTestId('deal-dialog-submit').click();
  await expect(page.getByTestId('deal-dialog')).toHaveCount(0);
}

/** A browser context at `width` in `locale` (Beijing time), nobody signed in yet. */
export async function visitor(browser: Browser, guard: ConsoleGuard, baseURL: string, locale: 'zh-CN' | 'en' = 'zh-CN', width = 390) {
  const context = await browser.newContext({ baseURL, locale, timezoneId: 'Asia/Shanghai', viewport: { width, height: 844 } });
  await context.addInitScript((l) => localStorage.setItem('lang', l), locale);
  const page = await context.newPage();
  guard.attach(page);
  return { context, page };
}

/** A browser context at `width` in `locale` (Beijing time), signed in as `email` (a demo account). */
export async function person(browser: Browser, guard: ConsoleGuard, baseURL: string, email: string, locale: 'zh-CN' | 'en' = 'zh-CN', width = 390) {
  const p = await visitor(browser, guard, baseURL, locale, width);
  const res = await p.page.request.post('/api/auth/login', { data: { email, password: DEMO.password } });
  expect(res.status(), await res.text()).toBe(200);
  return p;
}

/** The JSON of a 200 answer (anything else fails the test with the answer's body). */
export async function ok<T = Record<string, never>>(res: Response, what: string): Promise<T> {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A task of the company (with `task`'s extra fields, e.g. a deposit), applied for by the influencer and accepted: its deal id. */
export async function acceptedDeal(
  company: APIRequestContext,
  influencer: APIRequestContext,
  title: string,
  proposedRateCents = 380_000,
  task: Record<string, unknown> = {},
): Promise<string> {
  const cats = await ok<{ items: { id: string }[] }>(await company.get('/api/categories'), 'categories');
  const { task: created } = await ok<{ task: { id: string } }>(
    await company.post('/api/tasks', {
      data: {
        title,
        description: '新品直播推广',
        categoryId: cats.items[0].id,
        productName: '保湿面霜',
        requirements: '粉丝1万以上',
        budgetMinCents: 200_000,
        budgetMaxCents: 500_000,
        ...task,
      },
    }),
    'task',
  );
  const { application } = await ok<{ application: { id: string } }>(
    await influencer.post('/api/task-applications', { data: { taskId: created.id, proposedRateCents } }),
    'apply',
  );
  await ok(await company.post(`/api/task-applications/${application.id}/accept`), 'accept');
  const { items } = await ok<{ items: { id: string; taskId: string }[] }>(await influencer.get('/api/deals'), 'deals');
  return items.find((d) => d.taskId === created.id)!.id;
}

/** The server's time (it moves with the development clock). */
export async function serverNow(request: APIRequestContext, dealId: string): Promise<number> {
  return Date.parse((await ok<{ serverNow: string }>(await request.get(`/api/deals/${dealId}`), 'deal')).serverNow);
}

/** Moves the server's clock (DEV_CLOCK=1) forward and runs the jobs now due. */
export const advance = async (request: APIRequestContext, ms: number) => ok(await request.post('/api/dev/clock', { data: { advanceMs: ms } }), 'clock');

/** Walks a deal to `reported` through the API: schedule proposed and confirmed, the clock past the live, the report (with `gmvCents`). */
export async function reportedByApi(company: APIRequestContext, influencer: APIRequestContext, dealId: string, gmvCents = 123_456) {
  const fire = async (r: APIRequestContext, e: string, data: unknown = {}) => ok(await r.post(`/api/deals/${dealId}/events/${e}`, { data }), e);
  const now = await serverNow(company, dealId);
  const start = new Date(now + 2 * H);
  const end = new Date(now + 4 * H);
  await fire(company, 'propose_schedule', { start: start.toISOString(), end: end.toISOString(), roomUrl: 'https://live.douyin.com/1' });
  await fire(influencer, 'confirm_schedule');
  await advance(company, 5 * H);
  await fire(influencer, 'report_live', {
    replayUrl: 'https://www.douyin.com/video/1',
    startedAt: start.toISOString(),
    endedAt: end.toISOString(),
    views: 1000,
    peakViewers: 100,
    orders: 20,
    gmvCents,
    screenshots: [],
  });
  return fire;
}

/** The signed-in user's balances (GET /api/wallet), in cents. */
export async function balances(request: APIRequestContext) {
  return ok<{ availableCents: number; pendingCents: number; escrowCents: number }>(await request.get('/api/wallet'), 'wallet');
}

/** Cents as /wallet shows them: $1,234.50 */
export const usd = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** Puts `amountCents` (integer cents, decision 0053) into the signed-in user's wallet: a sandbox top-up paid at once (dev route). */
export async function fundWallet(request: APIRequestContext, amountCents: number) {
  const { topup } = await ok<{ topup: { id: string } }>(await request.post('/api/wallet/topups', { data: { amountCents, method: 'sandbox' } }), 'top-up');
  await ok(await request.post(`/api/dev/payments/sandbox/${topup.id}/pay`, { data: {} }), 'sandbox pay');
}
