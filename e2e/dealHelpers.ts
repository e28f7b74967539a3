/**
 * Shared by the deal-room browser tests (deals, messages, reviews): a signed-in demo person in a
 * context of their own, the API calls that set a deal up, and the development clock.
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import { ConsoleGuard, DEMO, expect } from './fixtures';

export const H = 3600_000;
type Response = Awaited<ReturnType<APIRequestContext['post']>>;

/** A browser context at `width` in `locale` (Beijing time), signed in as `email` (a demo account). */
export async function person(browser: Browser, guard: ConsoleGuard, baseURL: string, email: string, locale: 'zh-CN' | 'en' = 'zh-CN', width = 390) {
  const context = await browser.newContext({ baseURL, locale, timezoneId: 'Asia/Shanghai', viewport: { width, height: 844 } });
  await context.addInitScript((l) => localStorage.setItem('lang', l), locale);
  const page = await context.newPage();
  guard.attach(page);
  const res = await page.request.post('/api/auth/login', { data: { email, password: DEMO.password } });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page };
}

/** The JSON of a 200 answer (anything else fails the test with the answer's body). */
export async function ok<T = Record<string, never>>(res: Response, what: string): Promise<T> {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A task of the demo company, applied for by the demo influencer and accepted: its deal id. */
export async function acceptedDeal(company: APIRequestContext, influencer: APIRequestContext, title: string, proposedRate = 3800): Promise<string> {
  const cats = await ok<{ categories: { id: string }[] }>(await company.get('/api/categories'), 'categories');
  const { task } = await ok<{ task: { id: string } }>(
    await company.post('/api/tasks', {
      data: { title, description: '新品直播推广', categoryId: cats.categories[0].id, productName: '保湿面霜', requirements: '粉丝1万以上', budgetMin: 2000, budgetMax: 5000 },
    }),
    'task',
  );
  const { application } = await ok<{ application: { id: string } }>(await influencer.post('/api/task-applications', { data: { taskId: task.id, proposedRate } }), 'apply');
  await ok(await company.post(`/api/task-applications/${application.id}/accept`), 'accept');
  const { items } = await ok<{ items: { id: string; taskId: string }[] }>(await influencer.get('/api/deals'), 'deals');
  return items.find((d) => d.taskId === task.id)!.id;
}

/** The server's time (it moves with the development clock). */
export async function serverNow(request: APIRequestContext, dealId: string): Promise<number> {
  return Date.parse((await ok<{ serverNow: string }>(await request.get(`/api/deals/${dealId}`), 'deal')).serverNow);
}

/** Moves the server's clock (DEV_CLOCK=1) forward and runs the jobs now due. */
export const advance = async (request: APIRequestContext, ms: number) => ok(await request.post('/api/dev/clock', { data: { advanceMs: ms } }), 'clock');

/** Walks a deal to `reported` through the API: schedule proposed and confirmed, the clock past the live, the report. */
export async function reportedByApi(company: APIRequestContext, influencer: APIRequestContext, dealId: string) {
  const fire = async (r: APIRequestContext, e: string, data: unknown = {}) => ok(await r.post(`/api/deals/${dealId}/events/${e}`, { data }), e);
  const now = await serverNow(company, dealId);
  const start = new Date(now + 2 * H);
  const end = new Date(now + 4 * H);
  await fire(company, 'propose_schedule', { start: start.toISOString(), end: end.toISOString(), roomUrl: 'https://live.douyin.com/1' });
  await fire(influencer, 'confirm_schedule');
  await advance(company, 5 * H);
  await fire(influencer, 'report_live', { replayUrl: 'https://www.douyin.com/video/1', startedAt: start.toISOString(), endedAt: end.toISOString(), views: 1000, peakViewers: 100, orders: 20, gmvCents: 123_456, screenshots: [] });
  return fire;
}
