import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import sse from '@fastify/sse';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { LIMITS } from '../shared/limits';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { OffsetClock, systemClock, type Clock } from './platform/clock';
import { startJobWorker } from './platform/jobs';
import { PublicCache } from './platform/publicCache';
import { RealtimeHub } from './platform/realtime';
import type { AppContext } from './platform/context';
import { registerOriginCheck } from './platform/csrf';
import { registerApiDocs, registerContractLog } from './platform/openapi/document';
import { makeDirs } from './platform/datadir';
import { isLoopbackAddress } from './platform/loopback';
import { AppError, errorBody, FRAMEWORK_ERRORS, registerErrorHandling, sendError } from './platform/errors';
import { logSerializers, registerRequestLogScope, RequestLogController, requestIdOf, requestScopedLogger, StdoutLogStream } from './platform/logging';
import { OutboxMailer, SmtpMailer, TrackedMailer, type Mailer } from './platform/mail';
import { registerMetrics } from './platform/metrics';
import { MemoryLimiter, type Limiter } from './platform/ratelimit';
import { createRedis, FailoverLimiter, limiterStore } from './platform/redis';
import { registerSessions, SESSION_COOKIE } from './platform/session';
import { registerApiKeyAuth } from './platform/apiKeyAuth';
import { createSms, type SmsSender } from './platform/sms';
import { createStorage, isSafeKey, parseByteRange, type Storage } from './platform/storage';
import { authRoutes } from './features/auth/routes';
import { ensureAdminAccount } from './features/auth/service';
import { adminRoutes } from './features/admin/routes';
import { prepareAdminSetup } from './features/admin/access';
import { devRoutes } from './features/dev/routes';
import { devSmsRoutes } from './features/dev/sms-routes';
import { accountRoutes } from './features/accounts/routes';
import { notificationRoutes } from './features/notifications/routes';
import { taskRoutes } from './features/tasks/routes';
import { invitationRoutes } from './features/tasks/invitationRoutes';
import { statsRoutes } from './features/stats/routes';
import { systemRoutes } from './features/system/routes';
import { uploadRoutes } from './features/uploads/routes';
import { PRIVATE_PREFIX } from './features/uploads/service';
import { dealRoutes } from './features/deals/routes';
import { reviewRoutes } from './features/reviews/routes';
import { messageRoutes } from './features/messages/routes';
import { moneyRoutes } from './features/money/routes';
import { payoutRoutes } from './features/money/payoutRoutes';
import { stripeConnectRoutes } from './features/money/stripeConnectRoutes';
import { financeRoutes } from './features/money/financeRoutes';
import { stripeMoneyRoutes } from './features/money/stripeMoneyRoutes';
import { planReconciliation } from './features/money/stripeReconcile';
import { stripeReconcileRoutes } from './features/money/stripeReconcileRoutes';
import { demoRoutes } from './features/demo/routes';
import { developerRoutes } from './features/developers';
import { deliverWebhooks, outboxBacklog, webhookRoutes } from './features/webhooks';
import { videoRoutes } from './features/videos/routes';
import { peopleRoutes } from './features/people/routes';
import { agencyRoutes, registerOnBehalf, registerStaffAccess } from './features/agencies';
import { agencyStaffRoutes } from './features/agencyStaff';
import { matchingRoutes } from './features/matching/routes';
import { contactRoutes } from './features/contact/routes';
import { mailRoutes } from './features/mail';
import { seoRoutes, originOf } from './features/seo/routes';
import { pageHead, preloadsFor, renderShell, statusHead } from './features/seo/head';
import { APP_ROUTES, DEV_ROUTES, pageStatus } from './features/seo/status';
import { modulePreloadsFor, readManifest } from './features/seo/modules';
import { APP_LOADER_JS, APP_LOADER_PATH, insertRendered, loadServerEntry, renderSettings } from './features/seo/render';
import { PageCache, encodedBody } from './features/seo/pageCache';
import type { InternalGet } from '../shared/ssr';
import { EMBED_ORIGINS } from '../shared/embed';

export type BuildOptions = {
  /** use this database instead of opening the configured one (tests share a migrated PGlite) */
  database?: Database;
  mailer?: Mailer;
  sms?: SmsSender;
  /** where the log goes (default stdout); tests read it */
  logStream?: NodeJS.WritableStream;
  /** the clock services read time from (tests pass a ManualClock) */
  clock?: Clock;
  /** serve the built web app (default: when config.webDist exists) */
  serveWeb?: boolean;
};

export type App = FastifyInstance & { ctx: AppContext };

/**
 * Longer addresses answer 414 (the longest the app makes is a search in the hall, far below this). Node refuses a request
 * whose request line and headers pass 16 KB before Fastify sees it: 431 HEADERS_TOO_LARGE (clientErrorHandler below).
 * Both are declared on every operation (decision 0052).
 */
const MAX_URL_LENGTH = 8192;

/** Developer test pages: served to loopback clients only (platform/loopback.ts). */
const DEV_PAGES = new Set(['/email-test', '/sms-test', '/image-upload-test', '/influencer-image-upload-test']);
/** The header of the page render's internal API reads: exempt from the per-address limit with this process's key. */
const INTERNAL_HEADER = 'x-render-key';

/** Builds the whole server: used by main.ts and by the tests (through app.inject). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // errors raised before routing (a malformed address, a path parameter over 100 characters) answer in
    // the product's error body too, not Fastify's
    frameworkErrors: (err, request, reply) =>
      sendError(reply.header('x-request-id', request.id), new AppError(FRAMEWORK_ERRORS[err.code] ?? 'BAD_REQUEST'), request.id),
    // a request Node refuses before Fastify sees it (headers over 16 KB, a malformed request line)
    // still gets the JSON error body
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) return socket.destroy();
      const code = err.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST';
      const body = JSON.stringify(errorBody(code));
      const status = code === 'HEADERS_TOO_LARGE' ? '431 Request Header Fields Too Large' : '400 Bad Request';
      socket.end(
        `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    // the request id: the caller's X-Request-Id when it is sane, else a UUID (decision 0047); answered on every reply
    requestIdHeader: false,
    genReqId: requestIdOf,
    // one line per request, at debug (slow ones at info, 5xx at warn), the path without its query string
    logController: new RequestLogController(),
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // never sonic-boom's synchronous writes to stdout: a stream that drops lines when stdout does not drain
            stream: opts.logStream ?? new StdoutLogStream(),
            serializers: logSerializers,
            redact: {
              paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
          },
  }).withTypeProvider<ZodTypeProvider>();
  // Fastify hands a request without a body to the body's validator as null: an optional body (`.optional()`, documented
  // `required: false`) is then absent, as the document says, not a 400
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === 'body' ? (data: unknown) => validate(data === null ? undefined : data) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);

  const database = opts.database ?? (await openDatabase(config.database));
  if (!opts.database) await database.migrate();
  const storage: Storage = createStorage(config.storage);
  const configuredMailer: Mailer = opts.mailer ?? (config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : new OutboxMailer(database.db));
  if (config.isProduction && configuredMailer.kind === 'outbox') {
    app.log.warn('SMTP_URL is not set: mail is only written to the outbox table and no one receives it');
  }

  const sms: SmsSender = opts.sms ?? createSms(config.sms, database.db);
  const clock = opts.clock ?? (config.devClock && !config.isProduction ? new OffsetClock() : systemClock);
  // REDIS_URL: limits shared through Redis while it answers, in this instance's memory while it does not (decision 0033)
  const limiter: Limiter = config.redisUrl
    ? new FailoverLimiter(createRedis(config.redisUrl, config.redisTimeoutMs), clock, app.log)
    : new MemoryLimiter(clock);
  // every send's outcome is remembered: health says `degraded` while recent sends fail (decision 0047)
  const mailer = new TrackedMailer(configuredMailer, () => clock.nowMs());
  const publicCache = new PublicCache(clock, config.publicCacheSeconds * 1000);
  const realtime = new RealtimeHub(database, app.log);
  await realtime.start();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    sms,
    storage,
    limiter,
    // services' lines written while serving a request carry its id (decision 0047)
    log: requestScopedLogger(app.log),
    clock,
    publicCache,
    realtime,
    adminSetup: { tokenHash: null },
  };
  app.decorate('ctx', ctx);

  // timed jobs (deal auto-confirmation, reminders, overdue notices): every instance polls; SKIP LOCKED shares the work
  let stopJobs: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    if (config.jobsPollMs > 0) {
      stopJobs = startJobWorker(ctx, config.jobsPollMs, [deliverWebhooks]);
      // the daily reconciliation with Stripe plans itself from day to day; this starts the chain (once per day's key)
      await planReconciliation(ctx);
    }
  });
  // open event streams would hold the server's close up: end them first (browsers reconnect elsewhere)
  app.addHook('preClose', async () => {
    realtime.closeStreams();
  });
  app.addHook('onClose', async () => {
    if (stopJobs) await stopJobs();
    await realtime.close();
    if (limiter instanceof MemoryLimiter || limiter instanceof FailoverLimiter) await limiter.close();
    if (configuredMailer instanceof SmtpMailer) configuredMailer.close();
    if (!opts.database) await database.close();
  });

  // every answer names its request (errors, 404s and pages too): the header, and the error body's requestId
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestLogScope(app);
  registerErrorHandling(app);
  // e2e: every API response checked against the document (before compression sees the body; decision 0031)
  if (config.contractLog && !config.isProduction) registerContractLog(app, config.contractLog);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // showcase videos from the well-known hosts play in their players (src/shared/embed.ts)
        frameSrc: [...EMBED_ORIGINS],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
  // the first paint's own API reads (a visitor's page view, already counted as a page): a key only this process knows
  const internalKey = randomBytes(18).toString('base64url');
  await app.register(rateLimit, {
    // RATE_LIMIT_MAX=0 turns the global limit off (benchmarks); routes' own limits still apply
    global: config.rateLimitMax > 0,
    max: Math.max(config.rateLimitMax, 1),
    // pages, assets and uploaded files are not API calls: one page view costs dozens of them
    allowList: (req) => !req.url.startsWith('/api/') || req.headers[INTERNAL_HEADER] === internalKey,
    timeWindow: '1 minute',
    // with Redis, the global limit counts through the failover limiter too (the plugin's own Redis store
    // would wait on the client and answer 500 while Redis is down)
    ...(limiter instanceof FailoverLimiter ? { store: limiterStore(limiter) } : {}),
    errorResponseBuilder: (_req, c) => {
      const err = new AppError('RATE_LIMITED');
      (err as AppError & { statusCode: number }).statusCode = c.statusCode;
      return err;
    },
  });
  // compression of dynamic answers (HTML shell, JSON) above 1 KB, brotli or gzip by Accept-Encoding (decision 0017).
  // Built assets are precompressed at build time (served by the static plugin below, which sets
  // Content-Encoding, so this hook leaves them alone). Never compressed: event streams (a compressor buffers
  // what must go out at once), uploaded files (images and videos are compressed already), request bodies
  // (no inflating of uploads: globalDecompression off).
  app.addHook('onRoute', (route) => {
    if (route.sse || route.url.startsWith('/uploads')) route.compress = false;
  });
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });
  // server-sent events (GET /api/events): heartbeats every 25 s keep proxies from closing an idle stream
  await app.register(sse, { heartbeatInterval: 25_000 });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.portfolioMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 10_000 },
  });
  // a multipart body without its boundary cannot be read: the request's fault, 400 (the parser would throw a 500)
  app.addHook('preValidation', async (request) => {
    const type = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.headers['content-type'];
    if (typeof type === 'string' && /^multipart\//i.test(type) && !/;\s*boundary=/i.test(type)) throw new AppError('MULTIPART_INVALID');
  });
  registerOriginCheck(app, config.publicUrl);
  registerSessions(app, ctx);
  // Authorization: Bearer lc_live_… on the routes that declare a keyScope (decision 0038)
  registerApiKeyAuth(app, ctx);
  // ?onBehalfOf= — an agency acting for a roster influencer on the routes that declare it (decision 0045)
  // an agency's staff member runs as the agency where its role allows it (decision 0067)
  registerStaffAccess(app, ctx);
  registerOnBehalf(app, ctx);
  // after the key's check, so that a key's 414 carries its RateLimit-* too (decision 0052)
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) return reply.status(414).send(errorBody('URI_TOO_LONG'));
  });

  // the API document (/api/docs/json) and the check every API route passes (decision 0031)
  await registerApiDocs(app, config);
  // GET /metrics for the operator's scraper, with METRICS_TOKEN only (after compression, which only routes registered
  // after it get); its request times hook sees every route, by route pattern (decision 0048)
  registerMetrics(app, ctx, { webhookOutbox: outboxBacklog });

  await app.register(systemRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(uploadRoutes(ctx));
  await app.register(videoRoutes(ctx));
  await app.register(statsRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(taskRoutes(ctx));
  await app.register(invitationRoutes(ctx));
  await app.register(matchingRoutes(ctx));
  await app.register(notificationRoutes(ctx));
  await app.register(peopleRoutes(ctx));
  await app.register(agencyRoutes(ctx));
  await app.register(agencyStaffRoutes(ctx));
  await app.register(contactRoutes(ctx));
  await app.register(mailRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(dealRoutes(ctx));
  await app.register(reviewRoutes(ctx));
  await app.register(messageRoutes(ctx));
  await app.register(moneyRoutes(ctx));
  await app.register(payoutRoutes(ctx));
  await app.register(stripeConnectRoutes(ctx));
  await app.register(financeRoutes(ctx));
  await app.register(stripeMoneyRoutes(ctx));
  await app.register(stripeReconcileRoutes(ctx));
  await app.register(demoRoutes(ctx));
  await app.register(developerRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  if (!config.isProduction) {
    await app.register(devRoutes(ctx));
    await app.register(devSmsRoutes(ctx));
  }

  // uploaded files: right content type, nosniff (helmet), long cache (keys are unique); private files
  // (deal evidence) are never served here, only through their authorising route
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/uploads')) return;
    let p = request.url.split('?')[0] ?? '';
    try {
      p = decodeURIComponent(p);
    } catch {
      return;
    }
    if (path.posix.normalize(p.replace(/\\/g, '/')).startsWith(`/uploads/${PRIVATE_PREFIX}`)) throw new AppError('NOT_FOUND');
  });
  if (storage.driver === 'local' && config.storage.driver === 'local') {
    makeDirs(config.storage.dir);
    await app.register(fastifyStatic, {
      root: path.resolve(config.storage.dir),
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
      setHeaders: (res) => res.header('content-disposition', 'inline'),
    });
  } else {
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      // one byte range (`bytes=a-b` or `bytes=a-`), as the local files answer it: video players seek with it
      const wanted = parseByteRange(request.headers.range);
      const obj = isSafeKey(key) ? await storage.get(key, wanted) : null;
      if (!obj) throw new AppError('NOT_FOUND');
      reply
        .header('content-type', obj.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .header('accept-ranges', 'bytes');
      if (wanted) {
        const end = Math.min(wanted.end ?? obj.size - 1, obj.size - 1);
        reply
          .code(206)
          .header('content-range', `bytes ${wanted.start}-${end}/${obj.size}`)
          .header('content-length', end - wanted.start + 1);
      } else {
        reply.header('content-length', obj.size);
      }
      return reply.send(obj.stream);
    });
  }

  const webDist = config.webDist;
  const serveWeb = opts.serveWeb ?? Boolean(webDist && existsSync(path.join(webDist, 'index.html')));
  if (serveWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      // index.html is answered by the not-found handler below, with the page's own head (features/seo)
      index: false,
      // the .br / .gz siblings written by the build (vite.config.ts), chosen by Accept-Encoding
      preCompressed: true,
      // nothing under a dot (the build's .vite/manifest.json) is part of the site
      dotfiles: 'ignore',
      setHeaders: (res, file) => {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // the app shell, read once: each page route gets it with its own head
  const shellHtml = serveWeb && webDist ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : null;
  // which chunks each public page needs (the build's manifest): preloaded with its HTML
  const manifest = serveWeb && webDist ? readManifest(webDist) : null;
  await app.register(seoRoutes(ctx));
  // public pages rendered by the web app's own server entry, then hydrated in the browser (decision 0034): loaded
  // only with a web build; without its server entry the pages come as the app's frame and load in the browser
  const ssr = shellHtml === null ? null : await loadServerEntry(config.ssrEntry, ctx);
  // the app's loader on pages rendered with their content (decision 0026)
  app.get(APP_LOADER_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=31536000, immutable').type('text/javascript; charset=utf-8').send(APP_LOADER_JS),
  );
  // a page's first reads, answered from inside the server as they would be for a visitor
  const internalGet: InternalGet = async (url) => {
    const r = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', [INTERNAL_HEADER]: internalKey } });
    return { status: r.statusCode, body: r.body, contentType: String(r.headers['content-type'] ?? 'application/json') };
  };
  const pageCache = new PageCache(ctx.clock, config.publicCacheSeconds * 1000);

  /** The page's HTML: its head, its first calls, and (for a page the server renders) its rendered content. */
  const renderHtml = async (request: FastifyRequest, url: string, search: string, lang: string, visitor: boolean) => {
    // an unknown address, or a record this reader cannot see: 404 (410 when deleted) with the not-found page (decision 0030)
    const page = await pageStatus(ctx, url, () => request.getUser(), search);
    const notFound =
      page.status !== 200 && page.notFoundPage
        ? { status: page.status, kind: page.kind, path: url, signedIn: !visitor && (await request.getUser()) !== null }
        : undefined;
    const head = page.status === 200 ? await pageHead(ctx, url) : statusHead(lang === 'en' ? 'en' : 'zh-CN', page.notFoundPage);
    const rendered = ssr
      ? await ssr
          .render({
            path: url,
            search,
            lang,
            visitor,
            timeZone: ssr.timeZoneOf(request.cookies.tz),
            siteSettings: await renderSettings(ctx),
            notFound,
            dataTimeoutMs: config.renderDataTimeoutMs,
            get: internalGet,
            onError: (err) => request.log.warn({ err: err instanceof Error ? err.message.split('\n')[0] : String(err) }, 'page render: content not complete'),
          })
          .catch((err: unknown) => {
            request.log.error({ err }, "page render failed: the app's frame is sent");
            return null;
          })
      : null;
    const modules = notFound ? { scripts: [], styles: [] } : modulePreloadsFor(manifest, url, undefined, lang === 'en' ? 'en' : 'zh-CN');
    const content = rendered !== null && !notFound;
    // what came with the page is not fetched again: its data, and for a visitor the (signed-out) session
    const preloads = (notFound ? ['/api/auth/session'] : preloadsFor(url, search)).filter((p) =>
      p === '/api/auth/session' ? !rendered?.data.signedOut : !rendered?.data.queries,
    );
    let html = renderShell(shellHtml ?? '', head, originOf(ctx, request), url, preloads, content ? { ...modules, styles: [] } : modules);
    if (rendered && ssr) html = insertRendered(html, rendered, { content, styles: modules.styles, headStyle: ssr.headStyle });
    return { status: page.status, html };
  };

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const [url, search = ''] = request.url.split('?');
    // the page in the language the reader chose (decision 0024)
    const lang = ssr ? ssr.languageOf(request.cookies.lang) : 'zh-CN';
    // a request with a session cookie may be a signed-in reader's: rendered for them alone, never shared
    const visitor = !request.cookies[SESSION_COOKIE];
    // the markup follows the `lang` and `tz` cookies: a shared cache must not hand one reader's page to another
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Encoding');
    if (!visitor) {
      const { status, html } = await renderHtml(request, url, search, lang, false);
      return reply.status(status).type('text/html; charset=utf-8').send(html);
    }
    // a visitor's page: shared by every visitor asking the same within a few seconds, made once (decision 0034)
    const key = [originOf(ctx, request), lang, ssr ? ssr.timeZoneOf(request.cookies.tz) : '', request.url].join('\n');
    const { page, hit } = await pageCache.get(
      key,
      () => ctx.publicCache.version(),
      () => renderHtml(request, url, search, lang, true),
    );
    reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('etag', page.etag)
      .header('x-cache', hit ? 'hit' : 'miss');
    if (request.headers['if-none-match'] === page.etag && page.status === 200) return reply.status(304).send();
    const { encoding, body } = encodedBody(page, request.headers['accept-encoding']);
    // compressed once per page: the compression hook leaves a reply that names its encoding alone
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(await body);
  };
  // the app's pages as routes of their own (the home page too: the static files plugin answers no directory
  // index): a page request never looks for a file first. Other spellings of them (a trailing slash, capitals)
  // and the developer pages (loopback only) reach the not-found handler below, which answers them the same way.
  if (shellHtml !== null) {
    for (const route of APP_ROUTES) if (!(DEV_ROUTES as readonly string[]).includes(route)) app.get(route, { schema: { hide: true } }, sendShell);
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // client-side routes get the app shell; a missing asset (any path with a file extension) is a real 404
    const isPageRoute = !url.startsWith('/api/') && !url.startsWith('/uploads/') && !/\.[a-z0-9]{1,8}$/i.test(url);
    // the developer test pages are for this machine only (they read codes from the outbox)
    const page = url.replace(/\/$/, '');
    const devPage = DEV_PAGES.has(page) || page.startsWith('/route-test/') || page === '/route-test';
    // in production they are no pages at all: pageStatus answers 404 with the not-found page (decision 0032)
    if (devPage && !config.isProduction && !isLoopbackAddress(request.raw.socket.remoteAddress)) {
      return reply.status(404).send(errorBody('NOT_FOUND'));
    }
    if (serveWeb && shellHtml !== null && request.method === 'GET' && isPageRoute) return sendShell(request, reply);
    return reply.status(404).send(errorBody('NOT_FOUND'));
  });

  await ensureAdminAccount(ctx);
  await prepareAdminSetup(ctx);
  return app as unknown as App;
}
