/**
 * Helpers of the accounts-*.spec.ts browser tests: fresh accounts made through the API (email
 * code read from the dev outbox), SMS codes from the outbox, and small waits.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { PASSWORD, expect, outboxCode, pngBytes, uniqueEmail } from './fixtures';

export type Account = { email: string; password: string };

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return res;
}

/**
 * Signs up a new influencer or company through the API with `request` (use `page.request`: the
 * session cookie then belongs to the page). Influencers answer the talent questionnaire with one
 * uploaded portfolio image, as the sign-up requires.
 */
export async function signUpViaApi(request: APIRequestContext, userType: 'influencer' | 'company', prefix: string = userType): Promise<Account> {
  const email = uniqueEmail(prefix);
  await ok(await request.post('/api/auth/email-code', { data: { email } }), 'email code');
  const code = await outboxCode(request, email);
  await ok(await request.post('/api/auth/email-code/verify', { data: { email, code } }), 'verify email code');

  let talent: unknown;
  if (userType === 'influencer') {
    const up = await ok(
      await request.post('/api/uploads?purpose=portfolio&talentType=live-host', {
        multipart: { file: { name: 'case.png', mimeType: 'image/png', buffer: await pngBytes() } },
      }),
      'portfolio upload',
    );
    const { id } = (await up.json()) as { id: string };
    talent = { types: ['live-host'], details: { 'live-host': { experience: '1-3', portfolioFileIds: [id] } } };
  }
  await ok(await request.post('/api/auth/signup', { data: { email, password: PASSWORD, confirmPassword: PASSWORD, userType, talent } }), 'sign-up');
  return { email, password: PASSWORD };
}

/** A mainland mobile number nobody else uses in this run (1 + 3-9 + 9 digits). */
export function uniquePhone() {
  const tail = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);
  return `13${tail}`;
}

/** Waits for the newest SMS to `phone` in the dev outbox and returns the 4-digit code in it. */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
        if (!res.ok()) return `HTTP ${res.status()}`;
        const body = (await res.json()) as { items: { channel: string; body: string }[] };
        const sms = body.items.find((m) => m.channel === 'sms');
        code = sms?.body.match(/\b(\d{4})\b/)?.[1] ?? '';
        return code ? 'ok' : `no SMS yet (${body.items.length} messages)`;
      },
      { message: `an SMS code sent to ${phone} in /api/dev/outbox`, timeout: 15_000, intervals: [200, 300, 500] },
    )
    .toBe('ok');
  return code;
}

/** Another 4-digit code than `code`. */
export const wrongSmsCode = (code: string) => `${code.slice(0, 3)}${(Number(code.at(-1)) + 1) % 10}`;

/** Waits until the response of `method path` arrives and checks its status. */
export async function expectResponse(page: Page, method: string, path: string | RegExp, status: number, action: () => Promise<unknown>) {
  const wait = page.waitForResponse(
    (r) => r.request().method() === method && (typeof path === 'string' ? new URL(r.url()).pathname === path : path.test(r.url())),
  );
  await action();
  const res = await wait;
  expect(res.status(), `${method} ${String(path)}: ${await res.text().catch(() => '')}`).toBe(status);
  return res;
}
