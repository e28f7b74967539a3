/**
 * API integration harness: a real app on a fresh database per test file — in-memory PGlite by
 * default, or a brand-new PostgreSQL database when TEST_DATABASE_URL is set (dropped afterwards).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { outbox } from '../db/schema';
import { desc, eq } from 'drizzle-orm';

export type TestApp = {
  app: App;
  config: Config;
  close(): Promise<void>;
};

async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: async () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 10 });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789',
    ...env,
  });
  const { database, drop } = await freshDatabase();
  const app = await buildApp(config, { database, serveWeb: false });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tiny cookie-carrying client over app.inject. */
export class Client {
  cookies = new Map<string, string>();
  constructor(private app: App) {}

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({ ...opts, headers: { ...(cookie ? { cookie } : {}), ...opts.headers } });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }
}

/** The newest code mailed to `to` (read from the development outbox table). */
export async function lastCode(app: App, to: string): Promise<string> {
  const [row] = await app.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
  const m = row?.body.match(/(\d{4,6})/);
  if (!m) throw new Error(`no code in outbox for ${to}`);
  return m[1];
}

/** Requests and verifies a sign-up code for `email` in `client` (which then holds the upload ticket). */
export async function verifyEmail(app: App, client: Client, email: string) {
  const sent = await client.post('/api/auth/email-code', { email });
  if (sent.statusCode !== 200) throw new Error(`email-code failed: ${sent.body}`);
  const code = await lastCode(app, email.trim().toLowerCase());
  const res = await client.post('/api/auth/email-code/verify', { email, code });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
}

/** A multipart body with a single `file` field. */
export function multipart(content: Buffer, filename: string, contentType = 'application/octet-stream') {
  const boundary = `----lc${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Signs up a company through the real flow; returns its signed-in client. */
export async function signupCompany(app: App, email = `co-${randomBytes(4).toString('hex')}@example.com`) {
  const client = new Client(app);
  await verifyEmail(app, client, email);
  const res = await client.post('/api/auth/signup', { email, password: 'secret123', confirmPassword: 'secret123', userType: 'company' });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
  return { client, email, user: res.json().user as { id: string } };
}

/** A tiny valid PNG made by sharp. */
export async function pngBytes(width = 8, height = 8): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: '#ff8800' } }).png().toBuffer();
}

/** Signs up an influencer through the real flow (questionnaire with one uploaded portfolio image). */
export async function signupInfluencer(app: App, email = `inf-${randomBytes(4).toString('hex')}@example.com`) {
  const client = new Client(app);
  await verifyEmail(app, client, email);
  const mp = multipart(await pngBytes(), 'case.png', 'image/png');
  const up = await client.request({ method: 'POST', url: '/api/uploads?purpose=portfolio&talentType=live-host', ...mp });
  if (up.statusCode !== 200) throw new Error(`upload failed: ${up.body}`);
  const res = await client.post('/api/auth/signup', {
    email,
    password: 'secret123',
    confirmPassword: 'secret123',
    userType: 'influencer',
    talent: { types: ['live-host'], details: { 'live-host': { experience: '1-3', portfolioFileIds: [up.json().id] } } },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
  return { client, email, user: res.json().user as { id: string } };
}
