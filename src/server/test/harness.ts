/**
 * API integration harness: a real app on a fresh database per test file — in-memory PGlite by
 * default, or a brand-new PostgreSQL database when TEST_DATABASE_URL is set (dropped afterwards).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { migrationsFolder, openDatabase, PGLITE_CONF, PGLITE_EXTENSIONS, pgliteDatabase, queryRows, type Database } from '../db/client';
import { outbox } from '../db/schema';
import type { Clock } from '../platform/clock';
import { sendQueuedMail } from '../platform/mailQueue';
import { checkLedger } from '../features/money';
import { ContractChecker } from '../platform/openapi/contract';
import { desc, eq, sql } from 'drizzle-orm';

export type TestApp = {
  app: App;
  config: Config;
  /** the PostgreSQL database's address when TEST_DATABASE_URL is set (a second process may share it) */
  databaseUrl?: string;
  close(): Promise<void>;
};

/**
 * A migrated, empty embedded database is the same for every test file, and making one (initdb and the
 * migrations inside WASM) is the slow part of a test file. The first file that needs it saves its data
 * directory under the system temp dir; later files (and runs) start from that copy, several times faster.
 * Keyed by the migrations and the PGlite version, so a schema change makes a new one.
 */
/** A digest of the migrations (and of `extra`): what a migrated empty database depends on. */
function migrationsDigest(extra = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const f of filesUnder(migrationsFolder)) hash.update(f).update(readFileSync(path.join(migrationsFolder, f)));
  return hash.digest('hex').slice(0, 16);
}

export async function migratedPgliteSnapshot(): Promise<Blob> {
  const pgliteDir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const file = path.join(os.tmpdir(), `lc-pglite-${migrationsDigest(readFileSync(path.join(pgliteDir, '..', 'package.json'), 'utf8'))}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = new PGlite('memory://', { extensions: PGLITE_EXTENSIONS });
  const database = await pgliteDatabase(client);
  await database.migrate();
  const dump = await client.dumpDataDir('gzip');
  await database.close();
  // write-then-rename: a file running at the same time never reads half a snapshot
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/** A migrated, empty embedded database in memory, whatever TEST_DATABASE_URL says (e.g. the source of a move). */
export async function freshPglite(): Promise<Database> {
  const client = new PGlite({ loadDataDir: await migratedPgliteSnapshot(), extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_CONF });
  const database = await pgliteDatabase(client);
  await database.migrate(); // a no-op on the snapshot; kept so a stale snapshot can never hide a migration
  return database;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The PostgreSQL counterpart of the PGlite snapshot: a migrated, empty database kept in the cluster as a template
 * (`lc_tmpl_<digest of the migrations>`), from which each test file's database is copied — a copy takes a fraction
 * of running the migrations again (decision 0041). Made once per migration set: built under a temporary name, then
 * renamed, so a file running at the same time never copies half a template; templates of other migration sets are
 * dropped when a new one is made (one still being copied from is left alone).
 */
async function migratedTemplate(url: string): Promise<string> {
  const name = `lc_tmpl_${migrationsDigest()}`;
  const exists = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    } finally {
      await c.end();
    }
  };
  if (await exists()) return name;
  const building = `${name}_${randomBytes(3).toString('hex')}`;
  await adminQuery(url, `create database ${building}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, building), poolSize: 2 });
  await database.migrate();
  await database.close();
  try {
    await adminQuery(url, `alter database ${building} rename to ${name}`);
  } catch (err) {
    await adminQuery(url, `drop database if exists ${building}`);
    if (!(await exists())) throw err;
    return name;
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const stale = await c.query<{ datname: string }>(`select datname from pg_database where datname like 'lc\\_tmpl\\_%' and datname <> $1`, [name]);
    for (const { datname } of stale.rows) await c.query(`drop database if exists ${datname}`).catch(() => undefined);
  } finally {
    await c.end();
  }
  return name;
}

async function freshDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await freshPglite();
    return { database, drop: async () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = await migratedTemplate(url);
  // files starting together copy the same template: PostgreSQL refuses a copy while another session is
  // connected to it (55006), which a concurrent copy briefly is — try again
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(url, `create database ${name} template ${template}`);
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
    }
  }
  // a test database need not survive a crash of the database server: commits do not wait for the disk (what one
  // connection sees, locks and isolation are unchanged; only a crash of PostgreSQL itself could lose the last commits)
  await adminQuery(url, `alter database ${name} set synchronous_commit = off`);
  // a test waits up to 30 s for a connection: on CI's busy machine (four suites on two cores) opening one took over
  // the 5 s a request of the product waits, and a request answered 503 (seen with 50 sign-ins at once)
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name), poolSize: 10, connectTimeoutMs: 30_000 });
  await database.migrate(); // a no-op on the template; kept so a stale template can never hide a migration
  return {
    database,
    url: databaseUrl(url, name),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    clock?: Clock;
    logStream?: NodeJS.WritableStream;
    /** serve the web app from this folder */
    webDist?: string;
    /** check every API response against the API document (default on; decision 0031) */
    contract?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: opts.logStream ? 'info' : 'silent',
    SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789',
    // the web app's server entry from source (vitest.config.ts): the tests need no build
    ...(process.env.SSR_ENTRY ? { SSR_ENTRY: process.env.SSR_ENTRY } : {}),
    ...env,
  });
  if (opts.webDist) config.webDist = opts.webDist;
  const { database, url: databaseUrlOf, drop } = await freshDatabase();
  const app = await buildApp(config, { database, serveWeb: Boolean(opts.webDist), clock: opts.clock, logStream: opts.logStream });
  if (opts.contract !== false) checkContract(app);
  return {
    app,
    config,
    databaseUrl: databaseUrlOf,
    close: async () => {
      // the books must balance after every test file, whatever it did (issue 12): escrow per deal equals
      // what its deal holds, every entry sums to zero, no wallet below zero (checkLedger)
      const problems = await checkLedger(app.ctx.db).catch((err: unknown) => [`checkLedger failed: ${err instanceof Error ? err.message : String(err)}`]);
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (problems.length) throw new Error(`the ledger is broken after this test file:\n- ${problems.join('\n- ')}`);
    },
  };
}

/**
 * The contract check (decision 0031): after every app.inject of an /api/ address, the response must have
 * a status the document declares for that operation, a declared media type and a body valid against the
 * declared schema — else the inject throws and the test fails, naming the operation and the mismatch.
 * The document is this app's own (app.swagger()), built at the first request.
 */
function checkContract(app: App) {
  let checker: ContractChecker | null = null;
  const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (opts: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const res = await inject(opts);
    const url = res.raw.req.url ?? '';
    if (!url.startsWith('/api/')) return res;
    checker ??= new ContractChecker(app.swagger() as unknown as Record<string, unknown>);
    const contentType = res.headers['content-type'];
    const problems = checker.check({
      method: res.raw.req.method ?? 'GET',
      url,
      status: res.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: res.body,
    });
    if (problems.length) throw new Error(`API contract broken (decision 0031):\n- ${problems.join('\n- ')}`);
    return res;
  };
  app.inject = checked as typeof app.inject;
}

let ipSeq = 0;
/** A fresh client address (10.x.y.z) so per-IP limits of one test don't leak into another. */
export function nextIp(): string {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

/**
 * A tiny cookie-carrying client over app.inject: one browser. Each client has its own address
 * unless `ip` is given (pass the same `ip` to several clients to test per-IP limits).
 */
export class Client {
  cookies = new Map<string, string>();
  readonly ip: string;
  constructor(
    private app: App,
    opts: { ip?: string } = {},
  ) {
    this.ip = opts.ip ?? nextIp();
  }

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      remoteAddress: this.ip,
      ...opts,
      headers: { ...(cookie ? { cookie } : {}), ...opts.headers },
    });
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
  patch(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], headers });
  }
}

/** A new client signed in through `POST /api/auth/login` (tests create their users with this password). */
export async function signedIn(app: App, email: string, password = 'secret123'): Promise<Client> {
  const c = new Client(app);
  const res = await c.post('/api/auth/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return c;
}

/** The error of a response as `{ status, code, message }` (compare with toEqual). */
export function errorOf(res: LightMyRequestResponse): { status: number; code: string; message: string } {
  const body = res.json() as { error?: { code?: string; message?: string } };
  return { status: res.statusCode, code: String(body.error?.code), message: String(body.error?.message) };
}

/** POST /api/uploads?purpose=… with one file, as `client`. */
export function upload(client: Client, purpose: string, content: Buffer, filename = 'file.png', contentType = 'application/octet-stream', extraQuery = '') {
  return client.request({ method: 'POST', url: `/api/uploads?purpose=${purpose}${extraQuery}`, ...multipart(content, filename, contentType) });
}

/**
 * Sends the queued mail now (a running server's worker does it every few seconds; decision 0040) and returns the
 * database, to read the outbox: `(await delivered(t.app)).select().from(outbox)…`.
 */
export async function delivered(app: App) {
  await sendQueuedMail(app.ctx);
  return app.ctx.db;
}

/** The newest code mailed to `to` (read from the development outbox table). */
export async function lastCode(app: App, to: string): Promise<string> {
  const [row] = await app.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
  const m = row?.body.match(/(\d{4,6})/);
  if (!m) throw new Error(`no code in outbox for ${to}`);
  return m[1];
}

/**
 * Requests and verifies a sign-up code for `email` in `client`, which then holds the signup_ticket
 * cookie (the proof sign-up needs, also the portfolio-upload ticket). Returns the same proof as the
 * one-time `signupToken` for sign-ups from another client.
 */
export async function verifyEmail(app: App, client: Client, email: string): Promise<{ signupToken: string }> {
  const sent = await client.post('/api/auth/email-code', { email });
  if (sent.statusCode !== 200) throw new Error(`email-code failed: ${sent.body}`);
  const code = await lastCode(app, email.trim().toLowerCase());
  const res = await client.post('/api/auth/email-code/verify', { email, code });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
  return { signupToken: (res.json() as { signupToken: string }).signupToken };
}

/** A multipart body with a single `file` field. */
export function multipart(content: Buffer, filename: string, contentType = 'application/octet-stream') {
  const boundary = `----lc${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
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

/** Every file (relative POSIX path) under `dir`, recursively; [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}

/** A tiny valid PNG made by sharp. */
export async function pngBytes(width = 8, height = 8): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: '#ff8800' } })
    .png()
    .toBuffer();
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

/** Signs up an agency (机构) through the real flow: licence uploaded with the sign-up ticket, the code, the details. */
export async function signupAgency(app: App, email = `ag-${randomBytes(4).toString('hex')}@example.com`, creditCode = '91440300708461136T') {
  const client = new Client(app);
  await verifyEmail(app, client, email);
  const mp = multipart(await pngBytes(), 'licence.png', 'image/png');
  const up = await client.request({ method: 'POST', url: '/api/uploads?purpose=business-license', ...mp });
  if (up.statusCode !== 200) throw new Error(`upload failed: ${up.body}`);
  const res = await client.post('/api/auth/signup', {
    email,
    password: 'secret123',
    confirmPassword: 'secret123',
    userType: 'agency',
    agency: {
      name: '星火传媒',
      contactPerson: '李娜',
      phone: '13800138000',
      creditCode,
      licenseUploadId: up.json().id,
      city: '杭州',
      description: '专注美妆直播',
    },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
  return { client, email, user: res.json().user as { id: string }, licenseUploadId: up.json().id as string };
}

let fingerprintTables: string[] | undefined;
/**
 * A fingerprint of every table a request could write (sessions excepted: reading one touches it) —
 * equal before and after a refused request when it stored nothing.
 */
export async function tablesFingerprint(db: App['ctx']['db']): Promise<string> {
  fingerprintTables ??= (
    await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by 1`,
    )
  ).map((r) => r.table_name);
  const union = fingerprintTables
    .map((name) => `select '${name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`)
    .join(' union all ');
  const rows = await queryRows<{ t: string; h: string }>(db, sql.raw(union));
  return rows.map((r) => `${r.t}:${r.h}`).join(',');
}
