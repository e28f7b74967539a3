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

export function sendError(reply: FastifyReply, err: AppError) {
  if (err.headers) reply.headers(err.headers);
  return reply.status(err.status).send(errorBody(err.code, err.params, err.fields));
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

export function registerErrorHandling(app: FastifyInstance) {
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
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, new AppError('PAYLOAD_TOO_LARGE'));
    }
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.statusCode === 413) {
      return sendError(reply, new AppError('FILE_TOO_LARGE', { max: '50MB' }));
    }
    if (fe.statusCode === 429) {
      return sendError(reply, new AppError('RATE_LIMITED'));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const code: ErrorCode =
        fe.statusCode === 404 ? 'NOT_FOUND' : fe.statusCode === 401 ? 'UNAUTHENTICATED' : fe.statusCode === 403 ? 'FORBIDDEN' : 'BAD_REQUEST';
      return reply.status(fe.statusCode).send(errorBody(code));
    }
    const sqlState = dataExceptionState(error);
    if (sqlState) {
      // the state only: the statement's values may be personal data
      request.log.warn({ sqlState, route: request.routeOptions.url }, 'bad input reached the database');
      return sendError(reply, new AppError('BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL'));
  });
}
