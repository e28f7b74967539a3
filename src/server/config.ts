import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureWritableDir } from './platform/datadir';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // default: every interface in production, this machine only in development and test
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    /** how long one Redis command may take before the limits count in memory instead (ms; decision 0033) */
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(200),
    PUBLIC_URL: z.url().optional(),
    TRUST_PROXY: bool.default(false),
    /** the global per-IP request limit per minute; 0 turns the global limit off (load tests only) */
    RATE_LIMIT_MAX: z.coerce.number().int().min(0).max(1_000_000).default(600),
    /** requests per minute per API key (decision 0038) */
    API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /**
     * webhook URLs may be http://localhost and resolve to loopback or private addresses (default: on in development
     * and test, off in production, where it cannot be turned on; decision 0042)
     */
    WEBHOOK_ALLOW_LOCAL: bool.optional(),
    /** how long anonymous public lists are shared (seconds; 0 = off, the default under NODE_ENV=test) */
    PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
    RENDER_DATA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    /** the one-time token of /admin-setup (first admin) while no admin exists; random and printed in the log at start when unset */
    ADMIN_SETUP_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').max(200).optional(),
    /** demo data into an empty database: default on for the embedded database in development and test, off in production unless set (decision 0032) */
    SEED_DEMO: bool.optional(),
    // mail
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('直播带货平台 <no-reply@localhost>'),
    /** where /contact messages are mailed */
    SUPPORT_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('support@example.com'),
    // SMS gateway (HTTP GET; reply code '0' = sent)
    SMS_GATEWAY_URL: z.url().optional(),
    SMS_ACCOUNT: z.string().optional(),
    SMS_PASSWORD: z.string().optional(),
    // storage
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    /** how often this instance looks for due timed jobs, ms (0 = never; default 5000, 0 in tests) */
    JOBS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
    /** where the embedded installation's daily backups go (default: DATA_DIR's sibling `<name>-backups`); `off` takes none (decision 0049) */
    BACKUP_DIR: z.string().min(1).optional(),
    /** how many daily backups BACKUP_DIR keeps (the newest) */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    /** development and e2e only: a clock that /api/dev/clock can move forward (refused in production) */
    DEV_CLOCK: bool.default(false),
    /** the web app's built server entry (`npm run build` writes it; decision 0034) */
    SSR_ENTRY: z.string().min(1).optional(),
    /** development and e2e only: check every API response against the API document, mismatches appended to this file */
    API_CONTRACT_LOG: z.string().min(1).optional(),
    /** opens GET /metrics to `Authorization: Bearer <this>` (decision 0048); unset: no metrics at all */
    METRICS_TOKEN: z
      .string()
      .min(32, 'must be at least 32 characters')
      .max(512, 'must be at most 512 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in an Authorization header)')
      .optional(),
    // Stripe (decision 0055): top-ups by card, Alipay and WeChat Pay through Stripe Checkout
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
    /** the signing secret of the Connect webhook endpoint (events of connected accounts: account.updated), decision 0058 */
    STRIPE_CONNECT_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be the Connect webhook endpoint's signing secret (whsec_…)")
      .optional(),
    /** where the Stripe SDK sends its requests (default https://api.stripe.com; tests point it at a local server) */
    STRIPE_API_URL: z
      .url()
      .regex(/^https?:\/\/[^/]+\/?$/, 'must be an origin (protocol, host and optional port), e.g. https://api.stripe.com')
      .optional(),
  })
  .superRefine((e, ctx) => {
    if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is required when ADMIN_PASSWORD is set' });
    }
    if (e.STORAGE_DRIVER === 's3') {
      for (const k of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!e[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'is required when STORAGE_DRIVER=s3' });
      }
    }
    if (e.NODE_ENV === 'production' && !e.SECRET_KEY && e.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRET_KEY'],
        message: 'is required in production with DATABASE_URL (every instance must share it)',
      });
    }
    if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: "is required in production: the site's public origin (e.g. https://www.example.com), which every link in mail starts with",
      });
    }
    if (e.NODE_ENV === 'production' && e.API_CONTRACT_LOG) {
      ctx.addIssue({ code: 'custom', path: ['API_CONTRACT_LOG'], message: 'cannot be used in production' });
    }
    if (e.NODE_ENV === 'production' && e.WEBHOOK_ALLOW_LOCAL) {
      ctx.addIssue({ code: 'custom', path: ['WEBHOOK_ALLOW_LOCAL'], message: 'cannot be used in production (webhooks must never reach private addresses)' });
    }
    if (e.NODE_ENV === 'production' && e.DEV_CLOCK) {
      ctx.addIssue({ code: 'custom', path: ['DEV_CLOCK'], message: 'cannot be used in production' });
    }
    if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together (or neither)' });
    }
    if (e.STRIPE_CONNECT_WEBHOOK_SECRET && !e.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_CONNECT_WEBHOOK_SECRET'], message: 'is only used with STRIPE_SECRET_KEY' });
    }
    if (e.STRIPE_API_URL && !e.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'is only used with STRIPE_SECRET_KEY' });
    }
    if (e.NODE_ENV === 'production' && e.STRIPE_API_URL && !e.STRIPE_API_URL.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'must be https:// in production' });
    }
    if (e.SMS_GATEWAY_URL && (!e.SMS_ACCOUNT || !e.SMS_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['SMS_ACCOUNT'], message: 'SMS_ACCOUNT and SMS_PASSWORD are required with SMS_GATEWAY_URL' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** 'memory://' for an in-memory PGlite (tests), a directory for an embedded one, or a postgres URL */
  database:
    | { kind: 'pglite'; dataDir: string }
    /** `connectTimeoutMs`: how long a request waits for a connection (5 s; the tests on a loaded CI machine wait longer) */
    | { kind: 'postgres'; url: string; poolSize: number; connectTimeoutMs?: number };
  redisUrl?: string;
  /** a Redis command unanswered after this many ms fails and the limits count in this instance's memory */
  redisTimeoutMs: number;
  publicUrl?: string;
  /**
   * the origin every link in mail starts with: PUBLIC_URL (required in production), else this server's own
   * address (http://localhost:PORT) in development and test (decision 0040)
   */
  siteUrl: string;
  trustProxy: boolean;
  /** global requests per minute per IP (0 = no global limit; per-action limits still apply) */
  rateLimitMax: number;
  /** requests per minute per API key (Authorization: Bearer lc_live_…; decision 0038) */
  apiKeyRateLimit: number;
  /** webhooks may go to http://localhost and to loopback or private addresses (never in production; decision 0042) */
  webhookAllowLocal: boolean;
  publicCacheSeconds: number;
  /**
   * how long a rendered page waits for its data before it goes out without it (the browser then loads it): 1.5 s;
   * 30 s in tests, whose machine may be far busier than a server and whose pages are checked for their data
   */
  renderDataTimeoutMs: number;
  logLevel: Env['LOG_LEVEL'];
  secretKey: string;
  admin?: { email: string; password?: string };
  adminSetupToken?: string;
  /**
   * seed demo data into an empty database; in production only when SEED_DEMO=true was set, which is also what
   * lets demo accounts sign in there (decision 0032)
   */
  seedDemo: boolean;
  mail: { smtpUrl?: string; from: string; support: string };
  sms: { gatewayUrl?: string; account?: string; password?: string };
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        endpoint?: string;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  /** how often this instance runs due timed jobs, ms (0 = never) */
  jobsPollMs: number;
  /**
   * the embedded installation's daily backups (decision 0049): `dir` null when BACKUP_DIR=off; `keep` the newest kept.
   * With DATABASE_URL no daily backup is taken (the database's own backups apply; `npm run backup` still works).
   */
  backup: { dir: string | null; keep: number };
  /** a clock that /api/dev/clock moves forward (development and e2e only) */
  devClock: boolean;
  /** check every API response against the document and append mismatches here (e2e; decision 0031) */
  contractLog?: string;
  /** the bearer token GET /metrics answers to (decision 0048); unset: no /metrics, nothing collected */
  metricsToken?: string;
  /**
   * the payment providers the wallet offers (decision 0055): Stripe when its keys are set; the sandbox outside
   * production only (never in production, where a company without Stripe pays by bank transfer)
   */
  payments: {
    sandbox: boolean;
    stripe?: { secretKey: string; webhookSecret: string; connectWebhookSecret?: string; api: { protocol: 'http' | 'https'; host: string; port: number } };
  };
  /** the web build to serve; absent in tests */
  webDist?: string;
  /** the web app's server entry the pages are rendered with (dist/server/entry-server.js; decision 0034) */
  ssrEntry: string;
};

export class ConfigError extends Error {}

export type LoadOptions = {
  /**
   * false: a missing DATA_DIR/.secret-key is not created (nor DATA_DIR), and `secretKey` is '' then. Only for the
   * commands that must not change the data directory they look at (`npm run backup`, `npm run restore` into an empty
   * one); they never seal or unseal anything with it.
   */
  createSecretKey?: boolean;
};

/** Reads and validates the environment once. Throws ConfigError listing every problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, opts: LoadOptions = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const secretKey = e.SECRET_KEY ?? (opts.createSecretKey === false ? existingSecret(dataDir) : persistedSecret(dataDir));
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    redisUrl: e.REDIS_URL,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    siteUrl: e.PUBLIC_URL?.replace(/\/$/, '') ?? `http://${localName(e.HOST)}:${e.PORT}`,
    trustProxy: e.TRUST_PROXY,
    rateLimitMax: e.RATE_LIMIT_MAX,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhookAllowLocal: e.NODE_ENV !== 'production' && (e.WEBHOOK_ALLOW_LOCAL ?? true),
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 5),
    renderDataTimeoutMs: e.RENDER_DATA_TIMEOUT_MS ?? (e.NODE_ENV === 'test' ? 30_000 : 1500),
    logLevel: e.LOG_LEVEL,
    secretKey,
    admin: e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    adminSetupToken: e.ADMIN_SETUP_TOKEN,
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, support: e.SUPPORT_EMAIL },
    sms: { gatewayUrl: e.SMS_GATEWAY_URL, account: e.SMS_ACCOUNT, password: e.SMS_PASSWORD },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local', dir: path.join(dataDir, 'uploads') },
    jobsPollMs: e.JOBS_POLL_MS ?? (e.NODE_ENV === 'test' ? 0 : 5000),
    backup: {
      dir: e.BACKUP_DIR === 'off' ? null : path.resolve(e.BACKUP_DIR ?? path.join(path.dirname(dataDir), `${path.basename(dataDir)}-backups`)),
      keep: e.BACKUP_KEEP,
    },
    devClock: e.DEV_CLOCK,
    contractLog: e.API_CONTRACT_LOG,
    metricsToken: e.METRICS_TOKEN,
    payments: {
      sandbox: e.NODE_ENV !== 'production',
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              ...(e.STRIPE_CONNECT_WEBHOOK_SECRET ? { connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET } : {}),
              api: stripeApi(e.STRIPE_API_URL ?? 'https://api.stripe.com'),
            }
          : undefined,
    },
    webDist: path.resolve('dist/web'),
    ssrEntry: path.resolve(e.SSR_ENTRY ?? 'dist/server/entry-server.js'),
  };
}

/** STRIPE_API_URL as the SDK's host, port and protocol */
function stripeApi(url: string): { protocol: 'http' | 'https'; host: string; port: number } {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443 };
}

/** The host part of a development address: a wildcard or this machine's loopback is reachable as localhost. */
function localName(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::' || host === '127.0.0.1' || host === '::1') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** The key in DATA_DIR/.secret-key if there is one ('' if not); creates nothing. */
function existingSecret(dataDir: string): string {
  const file = path.join(dataDir, '.secret-key');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
}

/** Embedded single-instance default: a random key kept beside the database, created on first start. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, '.secret-key');
  ensureWritableDir(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
