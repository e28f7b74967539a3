/**
 * Shared fixtures and helpers for the browser tests.
 *
 * Every test fails on unexpected console errors or uncaught page errors. The browser logs a
 * "Failed to load resource" console error for every HTTP error response; the ones a test expects
 * (a 400 for a wrong code, a routed 500 ...) are allowed with `guard.allow(urlPattern, status)`.
 * A visitor's page load makes none: the app asks GET /api/auth/session, which answers 200.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type ConsoleMessage, type Locator, type Page } from '@playwright/test';

export { expect };

type Allowance = { url: RegExp; status?: number };
type Problem = { kind: 'console' | 'pageerror'; text: string; url?: string };

export class ConsoleGuard {
  private problems: Problem[] = [];
  private allowances: Allowance[] = [];
  private pages = new WeakSet<Page>();

  /** Lets a failed resource load matching `url` (and `status`, if given) pass. */
  allow(url: RegExp, status?: number) {
    this.allowances.push({ url, status });
  }

  attach(page: Page) {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    page.on('console', (msg) => this.onConsole(msg));
    page.on('pageerror', (err) => this.problems.push({ kind: 'pageerror', text: `${err.name}: ${err.message}\n${err.stack ?? ''}` }));
  }

  private onConsole(msg: ConsoleMessage) {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    const url = msg.location()?.url;
    if (/^Failed to load resource/.test(text) && url) {
      const status = Number(/status of (\d{3})/.exec(text)?.[1] ?? NaN);
      if (this.allowances.some((a) => a.url.test(url) && (a.status === undefined || a.status === status))) return;
    }
    this.problems.push({ kind: 'console', text, url });
  }

  unexpected(): Problem[] {
    return [...this.problems];
  }
}

type Fixtures = {
  guard: ConsoleGuard;
  adminEmail: string;
  adminPassword: string;
};

/**
 * Waits until the app has replaced the server's first paint (decisions 0024, 0026: `#root[data-live]`): the
 * painted page looks the same but does nothing yet, and a test acts on the app. Pages without a first paint
 * (and non-HTML answers) pass at once.
 */
export async function appLive(page: Page) {
  await page
    .waitForFunction(
      () => {
        const root = document.getElementById('root');
        return !root || root.dataset.firstPaint === undefined || root.dataset.live !== undefined;
      },
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
}

/**
 * Goes to `path` the way a click on a link does once the app runs (the router's history): no new load and start of
 * the app — what most steps of a test need, at a fraction of a full load's CPU (decision 0041). The first page of a
 * test is still loaded from the server (`page.goto`), which is what the first-load specs check.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Makes the next public pages come without their data, as they do for a request with a session cookie
 * (decision 0034: such a page is rendered without its data): the app then loads the data itself, so a test can hold
 * back or fail those calls to see the loading and error states (which a visitor also meets when moving
 * between pages inside the app). The cookie names no session: the visitor stays signed out.
 */
export async function withoutFirstData(page: Page) {
  const url = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? 'http://127.0.0.1') : page.url());
  await page.context().addCookies([{ name: 'sid', value: 'e2e-no-session', url: url.origin }]);
}

export const test = base.extend<Fixtures>({
  // every navigation a test makes waits for the app to be live
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, opts) => {
      const res = await goto(url, opts);
      await appLive(page);
      return res;
    };
    page.reload = async (opts) => {
      const res = await reload(opts);
      await appLive(page);
      return res;
    };
    await use(page);
  },
  adminEmail: [process.env.E2E_ADMIN_EMAIL ?? 'e2e-admin@example.com', { option: true }],
  adminPassword: [process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-Passw0rd', { option: true }],
  guard: [
    async ({ page }, use, testInfo) => {
      const guard = new ConsoleGuard();
      guard.attach(page);
      await use(guard);
      const problems = guard.unexpected();
      if (problems.length > 0) {
        const text = problems.map((p) => `- [${p.kind}] ${p.text}${p.url ? `  (${p.url})` : ''}`).join('\n');
        await testInfo.attach('console-errors.txt', { body: text, contentType: 'text/plain' });
        // a test that already failed keeps its own error; otherwise the console errors fail it
        if (testInfo.status === testInfo.expectedStatus) {
          throw new Error(`unexpected console errors in the page:\n${text}`);
        }
      }
    },
    { auto: true },
  ],
});

// ---------------------------------------------------------------------------------------------
// data and helpers

export const DEMO = {
  influencer: 'influencer@demo.test',
  company: 'company@demo.test',
  admin: 'admin@demo.test',
  password: 'demo123456',
} as const;

export const PASSWORD = 'secret123';

export function uniqueEmail(prefix: string) {
  return `e2e-${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
}

/** Waits for the newest mail to `email` in the dev outbox and returns the 6-digit code in it. */
export async function outboxCode(request: APIRequestContext, email: string, notIn: string[] = []): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        if (!res.ok()) return `HTTP ${res.status()}`;
        const body = (await res.json()) as { items: { body: string }[] };
        const found = body.items[0]?.body.match(/\b(\d{6})\b/)?.[1];
        if (found && !notIn.includes(found)) code = found;
        return code ? 'ok' : `no code yet (${body.items.length} messages)`;
      },
      { message: `a code mailed to ${email} in /api/dev/outbox`, timeout: 15_000, intervals: [200, 300, 500] },
    )
    .toBe('ok');
  return code;
}

/** A different 6-digit code than `code`. */
export function wrongCode(code: string) {
  const last = (Number(code.at(-1)) + 1) % 10;
  return `${code.slice(0, 5)}${last}`;
}

/** A small valid PNG, made on the fly. */
export async function pngBytes(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#e8590c' } })
    .png()
    .toBuffer();
}

const tagName = (l: Locator) => l.evaluate((e) => e.tagName.toLowerCase());

/**
 * Types a code into the code field, whatever it is built from: one input (data-testid on the
 * input or on a wrapper) or one box per digit (antd Input.OTP).
 */
export async function typeCode(page: Page, field: Locator, code: string) {
  await expect(field).toBeVisible();
  const inputs = (await tagName(field)) === 'input' ? field : field.locator('input');
  const n = await inputs.count();
  if (n <= 1) {
    await inputs.first().fill('');
    await inputs.first().pressSequentially(code, { delay: 20 });
  } else {
    await inputs.first().click();
    await page.keyboard.type(code, { delay: 20 });
  }
}

/** Fills a text field whose data-testid may sit on the input or on a wrapper around it. */
export async function fillField(field: Locator, value: string) {
  await expect(field).toBeVisible();
  const input = (await tagName(field)) === 'input' ? field : field.locator('input').first();
  await input.fill(value);
}

/** Selects an option (native <select>, antd Select, or radio/segmented group). `label` is preferred. */
export async function choose(page: Page, field: Locator, label: string | RegExp) {
  await expect(field).toBeVisible();
  const tag = await tagName(field);
  if (tag === 'select') {
    const value = await field.evaluate(
      (el, l) => {
        const s = el as HTMLSelectElement;
        const re = typeof l === 'string' ? null : new RegExp(l.source, l.flags);
        const opt = [...s.options].find((o) => (re ? re.test(o.text) : o.text.trim() === l)) ?? [...s.options].find((o) => o.value);
        return opt?.value ?? '';
      },
      typeof label === 'string' ? label : { source: label.source, flags: label.flags },
    );
    await field.selectOption(value);
    return;
  }
  const isAntSelect = (await field.evaluate(
    (e) => e.classList.contains('ant-select') || !!e.closest('.ant-select') || !!e.querySelector('.ant-select'),
  )) as boolean;
  if (isAntSelect) {
    // open it unless it is open already (a second click would close it)
    const isOpen = await field.evaluate(
      (e) =>
        (e.classList.contains('ant-select') ? e : (e.closest('.ant-select') ?? e.querySelector('.ant-select')))?.classList.contains('ant-select-open') ?? false,
    );
    if (!isOpen) await field.click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label });
    await option.first().click({ timeout: 5000 });
    return;
  }
  // radio group / segmented / buttons
  const candidate = field
    .getByRole('radio', { name: label })
    .or(field.getByRole('button', { name: label }))
    .or(field.getByText(label, { exact: typeof label === 'string' }));
  await candidate.first().click();
}

/** Gives a file to an upload control (an <input type=file> inside it, or through the file chooser). */
export async function uploadFile(page: Page, control: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const tag = await tagName(control);
  if (tag === 'input') {
    await control.setInputFiles(file);
    return;
  }
  const input = control.locator('input[type=file]');
  if ((await input.count()) > 0) {
    await input.first().setInputFiles(file);
    return;
  }
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), control.click()]);
  await chooser.setFiles(file);
}

export type PublicIds = { task: string; company: string; influencer: string; video: string };
/** A public task (and its company), influencer and video of the demo seed, for the detail pages. */
export async function publicIds(request: APIRequestContext): Promise<PublicIds> {
  const tasks = (await (await request.get('/api/tasks')).json()) as { items: { id: string; company: { id: string } }[] };
  const influencers = (await (await request.get('/api/influencers')).json()) as { items: { id: string }[] };
  const videos = (await (await request.get('/api/videos')).json()) as { items: { id: string }[] };
  return { task: tasks.items[0].id, company: tasks.items[0].company.id, influencer: influencers.items[0].id, video: videos.items[0].id };
}

/** Signs in through the API inside the page's browser context (cookies are shared with the page). */
export async function apiLogin(page: Page, email: string, password: string) {
  // signing in ends the session the browser had: an app page left open would send its bell and live-event requests
  // with the ended session and be refused (401, a console error) — leave it first; callers open their page after
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `login ${email}: ${await res.text()}`).toBe(200);
}

/** Opens the desktop user menu and returns its dropdown. */
export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  const dropdown = page.getByTestId('user-menu-popup').or(page.locator('.ant-dropdown:visible')).first();
  await expect(dropdown).toBeVisible();
  return dropdown;
}

/** A menu entry by its visible name (menu items may be links or role=menuitem). */
export function menuEntry(menu: Locator, name: string) {
  return menu
    .getByRole('menuitem', { name, exact: true })
    .or(menu.getByRole('link', { name, exact: true }))
    .first();
}

/** Waits until the header knows who is signed in (login button or user menu). */
export async function headerReady(page: Page) {
  await expect(page.getByTestId('header-login').or(page.getByTestId('user-menu'))).toBeVisible();
}
