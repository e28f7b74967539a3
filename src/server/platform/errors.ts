import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ApiErrorBody, type ErrorCode, type ErrorParams, errorText, isErrorCode } from '../../shared/errors';
import { TALENT_TYPES, labelOf } from '../../shared/options';

/**
 * The zh message as the user reads it: a talent type is named by its label (请选择带货主播的经验),
 * while `params` keep the value so the web can name it in the current language.
 */
export function messageOf(code: ErrorCode, params?: ErrorParams): string {
  if (params && code.startsWith('TALENT_') && typeof params.type === 'string') {
    return errorText(code, 'zh', { ...params, type: labelOf(TALENT_TYPES, params.type, 'zh') });
  }
  return errorText(code, 'zh', params);
}

/** The one error type services throw; the handler below turns it into `{error:{code,message}}`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params?: ErrorParams,
    readonly fields?: Record<string, ErrorCode>,
    readonly headers?: Record<string, string>,
  ) {
    super(messageOf(code, params));
    this.status = ERRORS[code].status;
  }
}

export const fail = (code: ErrorCode, params?: ErrorParams, fields?: Record<string, ErrorCode>): never => {
  throw new AppError(code, params, fields);
};

export function errorBody(code: ErrorCode, params?: ErrorParams, fields?: Record<string, ErrorCode>): ApiErrorBody {
  return {
    error: {
      code,
      message: messageOf(code, params),
      ...(params ? { params } : {}),
      ...(fields ? { fields } : {}),
    },
  };
}

type Issue = { path?: PropertyKey[]; message?: string; params?: Record<string, unknown>; instancePath?: string };

/** Zod issue messages in src/shared schemas are error codes; anything else is a generic BAD_REQUEST. */
export function issuesToError(issues: readonly Issue[]): AppError {
  const fields: Record<string, ErrorCode> = {};
  let first: { code: ErrorCode; params?: ErrorParams } | undefined;
  for (const issue of issues) {
    const code: ErrorCode = isErrorCode(issue.message) ? issue.message : 'BAD_REQUEST';
    const p = issue.path ?? [];
    const key = p.map(String).join('.') || '_';
    if (!(key in fields)) fields[key] = code;
    if (!first || (first.code === 'BAD_REQUEST' && code !== 'BAD_REQUEST')) {
      const params: ErrorParams = {};
      for (const [k, v] of Object.entries(issue.params ?? {})) {
        if (typeof v === 'string' || typeof v === 'number') params[k] = v;
      }
      first = { code, params: Object.keys(params).length ? params : undefined };
    }
  }
  return new AppError(first?.code ?? 'BAD_REQUEST', first?.params, fields);
}

/** `requestId`: for answers that pass no hooks (Fastify's framework errors); the preSerialization hook adds it to the rest. */
export function sendError(reply: FastifyReply, err: AppError, requestId?: string) {
  if (err.headers) reply.headers(err.headers);
  const body = errorBody(err.code, err.params, err.fields);
  return reply.status(err.status).send(requestId ? { error: { ...body.error, requestId } } : body);
}

/**
 * The SQLSTATE of a PostgreSQL data exception (class 22: 22021 invalid byte sequence, 22003 numeric
 * out of range, 22008 datetime overflow, 22P02 invalid text representation, …), raised by pg or
 * PGlite, directly or wrapped by Drizzle; null for anything else. The schemas refuse such input
 * first; this is the safety net that turns one that slipped through into a 400, not a 500.
 */
export function dataExceptionState(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | null | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth += 1) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return e.code;
  }
  return null;
}

type Chain = { code?: unknown; cause?: unknown; name?: unknown; message?: unknown; query?: unknown; constraint?: unknown; routine?: unknown };
/** The error and its causes (Drizzle wraps the driver's error in `cause`). */
function chain(err: unknown): Chain[] {
  const out: Chain[] = [];
  for (let e = err as Chain | null | undefined, depth = 0; e && typeof e === 'object' && depth < 4; e = e.cause as Chain, depth += 1) out.push(e);
  return out;
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /PGlite is closed/i,
];

/**
 * The database cannot be reached (refused, dropped, shutting down, out of connections, pool timed out):
 * the request answers 503 with Retry-After, not 500 — it is the service, not the request, that failed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return chain(err).some(
    (e) =>
      (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) ||
      (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string))),
  );
}

/**
 * What the log may say about an unexpected error: its kind, the SQLSTATE and the statement's first
 * words (e.g. `insert into "users"`), the constraint — never the statement's values, the driver's
 * `detail` (which quotes them) or a message built from them.
 */
export function safeErrorLog(err: unknown): Record<string, unknown> {
  const list = chain(err);
  const db = list.find((e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
  const query = list.find((e) => typeof e.query === 'string')?.query as string | undefined;
  if (db || query) {
    return {
      kind: 'database',
      sqlState: db?.code,
      constraint: typeof db?.constraint === 'string' ? db.constraint : undefined,
      routine: typeof db?.routine === 'string' ? db.routine : undefined,
      statement: query ? statementName(query) : undefined,
    };
  }
  const top = list[0];
  const stack = err instanceof Error ? err.stack?.split('\n').slice(1, 6).join('\n') : undefined;
  return { kind: typeof top?.name === 'string' ? top.name : typeof err, code: typeof top?.code === 'string' ? top.code : undefined, stack };
}

/** `insert into "users" ("id", …) values ($1, …)` → `insert into "users"`: what, on which table, without values. */
export function statementName(query: string): string {
  const q = query.replace(/\s+/g, ' ').trim();
  const m = /^(select|insert into|update|delete from|with)\b/i.exec(q);
  if (!m) return q.split(' ').slice(0, 2).join(' ');
  if (/^select|^with/i.test(m[1])) {
    const from = /\bfrom ("[^"]+"|\w+)/i.exec(q);
    return `${m[1].toLowerCase()}${from ? ` from ${from[1]}` : ''}`;
  }
  const table = /^(?:insert into|update|delete from) ("[^"]+"|\w+)/i.exec(q);
  return `${m[1].toLowerCase()}${table ? ` ${table[1]}` : ''}`;
}

/**
 * Errors Fastify and its plugins raise before a route runs, each answered with the product's own code
 * (in the error body like every other error; decision 0031).
 */
export const FRAMEWORK_ERRORS: Partial<Record<string, ErrorCode>> = {
  FST_ERR_BAD_URL: 'ADDRESS_INVALID',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON_INVALID',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BODY_EMPTY',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'MEDIA_TYPE_UNSUPPORTED',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'MEDIA_TYPE_UNSUPPORTED',
};

/** `{error:{code,…}}`: the product's error body (src/shared/schemas/common.ts). */
function isErrorBody(payload: unknown): payload is ApiErrorBody {
  if (typeof payload !== 'object' || payload === null || !('error' in payload)) return false;
  const error = (payload as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

/** Fastify's own error body (`{statusCode, error, message}`), as a plugin may send it itself (@fastify/sse's 406). */
const isFastifyErrorBody = (v: unknown): v is { statusCode: number } =>
  typeof v === 'object' && v !== null && typeof (v as { statusCode?: unknown }).statusCode === 'number' && 'error' in v && 'message' in v;

const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'MEDIA_TYPE_UNSUPPORTED',
  429: 'RATE_LIMITED',
};

export function registerErrorHandling(app: FastifyInstance) {
  // an error body a plugin sends itself, not through the handler below, is answered in the product's body too;
  // every error body names its request (`error.requestId`, the X-Request-Id header's value; decision 0047)
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    const body = isFastifyErrorBody(payload) ? errorBody(CODE_OF_STATUS[reply.statusCode] ?? (reply.statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST')) : payload;
    if (!isErrorBody(body)) return payload;
    return { ...body, error: { ...body.error, requestId: request.id } };
  });
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message,
        params: (v.params as { params?: Record<string, unknown> }).params,
      }));
      return sendError(reply, issuesToError(issues));
    }
    const fe = error as FastifyError;
    const framework = fe.code ? FRAMEWORK_ERRORS[fe.code] : undefined;
    if (framework) return sendError(reply, new AppError(framework));
    // a multipart body the parser cannot read (busboy: `Multipart: Boundary not found`, …) is the request's fault
    if (!fe.statusCode && /^Multipart: /.test(fe.message)) return sendError(reply, new AppError('MULTIPART_INVALID'));
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.statusCode === 413) {
      return sendError(reply, new AppError('FILE_TOO_LARGE', { max: '50MB' }));
    }
    if (fe.statusCode === 429) {
      return sendError(reply, new AppError('RATE_LIMITED'));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send(errorBody(CODE_OF_STATUS[fe.statusCode] ?? 'BAD_REQUEST'));
    }
    const sqlState = dataExceptionState(error);
    if (sqlState) {
      // the state only: the statement's values may be personal data
      request.log.warn({ sqlState, route: request.routeOptions.url }, 'bad input reached the database');
      return sendError(reply, new AppError('BAD_REQUEST'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ route: request.routeOptions.url, ...safeErrorLog(error) }, 'database unavailable');
      return sendError(reply, new AppError('UNAVAILABLE', { dependency: 'database' }, undefined, { 'retry-after': '5' }));
    }
    // never the error object itself: a database error's message and detail carry the statement's values
    request.log.error({ route: request.routeOptions.url, method: request.method, ...safeErrorLog(error) }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL'));
  });
}
