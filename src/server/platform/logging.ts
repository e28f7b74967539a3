/**
 * Logs that neither leak nor block (decision 0047).
 *
 * - `StdoutLogStream`: pino's destination in production. Each line goes to `process.stdout` (asynchronous for a
 *   pipe or a socket); while more than `maxBufferedBytes` wait there unwritten (a reader that is slow or gone),
 *   lines are dropped and counted instead of piling up, and once stdout drains one warning says how many were
 *   dropped. Nothing here ever waits for stdout: no synchronous flush, no retry loop.
 * - `requestIdOf`: the request's id — the caller's `X-Request-Id` when it is sane, else a random UUID.
 * - `RequestLogController`: one line per request, at `debug`; at `info` only slow requests, at `warn` server
 *   errors. The path is logged without its query string (a search, an e-mail, a token).
 * - `requestScopedLogger` (ctx.log): what services log while serving a request carries the request's id too.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** Lines waiting in stdout above this are dropped (about 5000 lines of 200 bytes). */
export const LOG_BUFFER_BYTES = 1024 * 1024;
/** A request slower than this is logged at `info`. */
export const SLOW_REQUEST_MS = 1000;

type Out = Pick<NodeJS.WriteStream, 'write' | 'once' | 'writableLength'>;

export class StdoutLogStream {
  /** lines dropped since the last report */
  private dropped = 0;
  private waiting = false;
  constructor(
    private readonly out: Out = process.stdout,
    readonly maxBufferedBytes = LOG_BUFFER_BYTES,
  ) {}

  /** pino calls this with one serialised line */
  write(line: string): boolean {
    if (this.out.writableLength > this.maxBufferedBytes) {
      this.dropped += 1;
      if (!this.waiting) {
        this.waiting = true;
        this.out.once('drain', () => this.drained());
      }
      return false;
    }
    // an asynchronous write: a full pipe queues it (bounded above), never blocks the event loop
    this.out.write(line);
    return true;
  }

  /** bytes handed to stdout and not yet written */
  get bufferedBytes(): number {
    return this.out.writableLength;
  }

  private drained() {
    this.waiting = false;
    const dropped = this.dropped;
    this.dropped = 0;
    if (dropped === 0) return;
    // written as pino would write it (level 40 = warn), outside the logger: it is about the logger
    this.write(
      `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, hostname: os.hostname(), dropped, msg: 'log lines dropped: stdout did not drain' })}\n`,
    );
  }
}

/** An incoming id is kept when it is 1–128 characters of letters, digits and `_.:-` (anything else is replaced). */
const SANE_ID = /^[\w.:-]{1,128}$/;

export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** The path of an address without its query string (`/api/admin/users?search=…` → `/api/admin/users`). */
export function pathOf(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)).slice(0, 500);
}

/** pino's serialisers for Fastify's `req` and `res`: method and path, status — no query, no headers. */
export const logSerializers = {
  req: (req: { method?: string; url?: string }) => ({ method: req.method, url: pathOf(req.url) }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
};

/**
 * Fastify's per-request lines (decision 0047): no "incoming request" line; one line when the answer is sent —
 * `debug` for an ordinary request, `info` for one slower than SLOW_REQUEST_MS, `warn` for a 5xx (the error
 * handler logs its cause). Each carries the request id (`reqId`, the child logger's) and the path without its
 * query string.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const line = {
      method: request.method,
      url: pathOf(request.url),
      route: request.routeOptions.url,
      status,
      ms,
      ...(error ? { kind: error.name } : {}),
    };
    if (status >= 500 || error) reply.log.warn(line, 'request failed');
    else if (ms > SLOW_REQUEST_MS) reply.log.info(line, 'slow request');
    else reply.log.debug(line, 'request');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: pathOf(request.url) }, 'route not found');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: pathOf(request.url), status: reply.statusCode, kind: error.name };
    if (reply.statusCode >= 500) reply.log.error(line, 'request error');
    else reply.log.debug(line, 'request error');
  }

  override streamError(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.debug('stream closed prematurely');
    else reply.log.warn({ kind: error.name, code: error.code }, 'response terminated with an error with headers already sent');
  }
}

/** The logger of the request being served, for code that logs through ctx.log (services, the mailer). */
const requestLog = new AsyncLocalStorage<FastifyBaseLogger>();
const requestScope = Symbol('requestLogScope');

/**
 * Runs each request in a scope that knows its logger: lines written through `requestScopedLogger` during the
 * request carry its id. The scope is entered at onRequest and re-entered at preValidation (a request body is
 * read from socket events, outside the first scope), as @fastify/request-context does.
 */
export function registerRequestLogScope(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    requestLog.run(request.log, () => {
      (request as FastifyRequest & { [requestScope]?: AsyncResource })[requestScope] = new AsyncResource('requestLog');
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = (request as FastifyRequest & { [requestScope]?: AsyncResource })[requestScope];
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}

/** A logger that writes through the current request's logger (with its `reqId`) when there is one, else `base`. */
export function requestScopedLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(base, {
    get(target, prop) {
      const logger = requestLog.getStore() ?? target;
      const value: unknown = Reflect.get(logger, prop);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(logger) : value;
    },
  });
}
