import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const KEY = 'k'.repeat(32);
const SITE = 'https://www.example.com';
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'lc-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The ConfigError message loadConfig throws for `env`. */
function problems(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted an invalid environment');
}

describe('loadConfig', () => {
  it('has the documented defaults (embedded PGlite under DATA_DIR, local storage, port 3000)', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir, SECRET_KEY: KEY });
    expect(c).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      // development listens on this machine only (item 13: the outbox holds sign-up codes)
      host: '127.0.0.1',
      dataDir: dir,
      database: { kind: 'pglite', dataDir: path.join(dir, 'db') },
      trustProxy: false,
      rateLimitMax: 600,
      logLevel: 'info',
      secretKey: KEY,
      seedDemo: true,
      storage: { driver: 'local', dir: path.join(dir, 'uploads') },
    });
    expect(c.redisUrl).toBeUndefined();
    expect(c.redisTimeoutMs).toBe(200);
    expect(c.admin).toBeUndefined();
    expect(c.mail.smtpUrl).toBeUndefined();
    expect(c.mail.from).toContain('no-reply@localhost');
    // DATA_DIR defaults to ./data, resolved to an absolute path
    expect(loadConfig({ SECRET_KEY: KEY }).dataDir).toBe(path.resolve('./data'));
  });

  it('HOST: 127.0.0.1 in development and test, 0.0.0.0 in production, or what HOST says', () => {
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, NODE_ENV: 'production', PUBLIC_URL: SITE, DATABASE_URL: 'postgres://x/y' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('DATABASE_URL switches to PostgreSQL (and turns the demo seed off unless asked)', () => {
    const url = 'postgres://u:p@db.example:5432/app';
    const c = loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, DATABASE_URL: url, DATABASE_POOL_SIZE: '7' });
    expect(c.database).toEqual({ kind: 'postgres', url, poolSize: 7 });
    expect(c.seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, DATABASE_URL: 'postgresql://x/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, DATABASE_URL: 'mysql://x/y' })).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
  });

  it('SEED_DEMO: on for the embedded database in development and test, off in production unless set to true (decision 0032)', () => {
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: SITE, NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: SITE, NODE_ENV: 'production', SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: SITE, NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('parses numbers, booleans and URLs, and normalises ADMIN_EMAIL and PUBLIC_URL', () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      SECRET_KEY: KEY,
      NODE_ENV: 'production',
      PORT: '8080',
      TRUST_PROXY: 'yes',
      RATE_LIMIT_MAX: '0',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_TIMEOUT_MS: '150',
      PUBLIC_URL: 'https://shop.example.com/',
      ADMIN_EMAIL: '  Root@Example.COM ',
      ADMIN_PASSWORD: 'longenough',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      env: 'production',
      isProduction: true,
      port: 8080,
      trustProxy: true,
      rateLimitMax: 0,
      redisUrl: 'redis://127.0.0.1:6379',
      redisTimeoutMs: 150,
      publicUrl: 'https://shop.example.com',
      admin: { email: 'root@example.com', password: 'longenough' },
      logLevel: 'warn',
    });
    // ADMIN_EMAIL alone designates the address that is promoted on sign-in
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, ADMIN_EMAIL: 'a@b.co' }).admin).toEqual({ email: 'a@b.co', password: undefined });
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, DATABASE_URL: '', ADMIN_EMAIL: '', PORT: '', REDIS_URL: '' });
    expect(c.database.kind).toBe('pglite');
    expect(c.admin).toBeUndefined();
    expect(c.port).toBe(3000);
    expect(c.redisUrl).toBeUndefined();
  });

  it('ADMIN_PASSWORD without ADMIN_EMAIL fails with a clear message', () => {
    expect(problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, ADMIN_PASSWORD: 'longenough' })).toContain('ADMIN_EMAIL: is required when ADMIN_PASSWORD is set');
    expect(problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' })).toContain(
      'ADMIN_PASSWORD: must be at least 8 characters',
    );
    expect(problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, ADMIN_EMAIL: 'not-an-email' })).toContain('ADMIN_EMAIL');
  });

  it('STORAGE_DRIVER=s3 requires its bucket and keys, and then uses them', () => {
    const msg = problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, STORAGE_DRIVER: 's3' });
    for (const k of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(msg).toContain(`${k}: is required when STORAGE_DRIVER=s3`);
    }
    expect(problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).not.toContain('S3_BUCKET');
    const c = loadConfig({
      DATA_DIR: tmp(),
      SECRET_KEY: KEY,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(c.storage).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'media',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });

  it('lists every problem at once, each with the variable name', () => {
    const msg = problems({
      DATA_DIR: tmp(),
      PORT: 'eighty',
      NODE_ENV: 'staging',
      REDIS_URL: 'http://x',
      REDIS_TIMEOUT_MS: '0',
      SECRET_KEY: 'short',
      TRUST_PROXY: 'maybe',
    });
    expect(msg.startsWith('Invalid configuration:')).toBe(true);
    for (const k of ['PORT', 'NODE_ENV', 'REDIS_URL', 'REDIS_TIMEOUT_MS', 'SECRET_KEY', 'TRUST_PROXY']) expect(msg).toContain(`  - ${k}: `);
    expect(msg).toContain('REDIS_URL: must be a redis:// URL');
    expect(msg).toContain('SECRET_KEY: must be at least 32 characters');
  });

  it('production refuses to start without PUBLIC_URL, naming it; elsewhere mail links default to this server (decision 0040)', () => {
    const msg = problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, NODE_ENV: 'production' });
    expect(msg).toContain("  - PUBLIC_URL: is required in production: the site's public origin");
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com/' }).siteUrl).toBe(
      'https://shop.example.com',
    );
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY }).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, PORT: '4100', HOST: '0.0.0.0' }).siteUrl).toBe('http://localhost:4100');
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, PORT: '4100', HOST: 'dev.lan' }).siteUrl).toBe('http://dev.lan:4100');
  });

  it('production with a shared database needs SECRET_KEY; SMS gateway needs its account', () => {
    expect(problems({ DATA_DIR: tmp(), NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toContain('SECRET_KEY: is required in production');
    expect(problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, SMS_GATEWAY_URL: 'https://sms.example/send' })).toContain('SMS_ACCOUNT and SMS_PASSWORD are required');
  });

  it('DEV_CLOCK is refused in production; timed jobs poll every 5 s by default and never in tests', () => {
    expect(problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, NODE_ENV: 'production', DEV_CLOCK: 'true' })).toContain('DEV_CLOCK: cannot be used in production');
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY }).jobsPollMs).toBe(5000);
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, NODE_ENV: 'test' }).jobsPollMs).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, DEV_CLOCK: '1' }).devClock).toBe(true);
  });

  it('METRICS_TOKEN opens /metrics: at least 32 printable characters without spaces; unset or empty, no metrics (decision 0048)', () => {
    const token = 'mT_0123456789abcdefghijklmnopqrstuv';
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), SECRET_KEY: KEY, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, METRICS_TOKEN: 'short-token' })).toContain('METRICS_TOKEN: must be at least 32 characters');
    expect(problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, METRICS_TOKEN: `${token} with spaces` })).toContain(
      'METRICS_TOKEN: must be printable ASCII without spaces',
    );
    expect(problems({ DATA_DIR: tmp(), SECRET_KEY: KEY, METRICS_TOKEN: '令'.repeat(40) })).toContain('METRICS_TOKEN: must be printable ASCII without spaces');
  });

  it('without SECRET_KEY the embedded default makes one key, keeps it private in DATA_DIR and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.secretKey).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, '.secret-key');
    expect(readFileSync(file, 'utf8')).toBe(first.secretKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first.secretKey);
    expect(loadConfig({ DATA_DIR: tmp() }).secretKey).not.toBe(first.secretKey);
  });
});
