import type { components } from './generated/api.js';

/** The product's error body: `{"error":{"code","message","params?","fields?"}}` (the `ErrorBody` schema). */
export type ErrorBody = components['schemas']['ErrorBody'];
/** Every error code the API answers (the `ErrorCode` schema). */
export type ErrorCode = components['schemas']['ErrorCode'];

/**
 * A non-2xx answer, as the API describes it: `status`, the stable `code` (branch on this, not on `message`, which
 * is the Chinese text), `params` and per-field `fields` when the server sent them. `code` is `UNEXPECTED_RESPONSE`
 * when the body was not the product's error body (a proxy's HTML page, an empty 502).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | 'UNEXPECTED_RESPONSE';
  readonly params: Readonly<Record<string, string | number>>;
  readonly fields: Readonly<Record<string, ErrorCode>>;
  /** seconds to wait, from `Retry-After` (429, 503), else null */
  readonly retryAfter: number | null;
  readonly response: Response;

  constructor(response: Response, body: unknown) {
    const error = isErrorBody(body) ? body.error : null;
    super(error ? `${response.status} ${error.code}: ${error.message}` : `${response.status} ${response.statusText || 'unexpected response'}`);
    this.status = response.status;
    this.code = error ? error.code : 'UNEXPECTED_RESPONSE';
    this.params = error?.params ?? {};
    this.fields = error?.fields ?? {};
    const retry = Number(response.headers.get('retry-after'));
    this.retryAfter = response.headers.has('retry-after') && Number.isFinite(retry) ? retry : null;
    this.response = response;
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

/** `err` is an ApiError (with this code, when given): `if (isApiError(err, 'API_KEY_SCOPE')) …` */
export function isApiError(err: unknown, code?: ApiError['code']): err is ApiError {
  return err instanceof ApiError && (code === undefined || err.code === code);
}
