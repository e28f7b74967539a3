import type { ErrorCode, ErrorParams } from '@shared/errors';

/**
 * The one way the web talks to the server: same-origin fetch, JSON in and out.
 * Every failure becomes an ApiError carrying the server's error code (see @shared/errors).
 */
export class ApiError extends Error {
  readonly status: number;
  /** an ErrorCode from @shared/errors, or whatever unknown code the server sent */
  readonly code: ErrorCode | (string & {});
  readonly params?: ErrorParams;
  readonly fields?: Record<string, ErrorCode>;
  /** true when the server could not be reached at all */
  readonly network: boolean;

  constructor(init: { status: number; code: string; message?: string; params?: ErrorParams; fields?: Record<string, ErrorCode>; network?: boolean }) {
    super(init.message ?? init.code);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.params = init.params;
    this.fields = init.fields;
    this.network = init.network ?? false;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

const ERROR_CODE_SHAPE = /^[A-Z][A-Z0-9_]{1,63}$/;

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'FILE_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'UNAVAILABLE';
  return 'INTERNAL';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Turns a non-2xx response (status + parsed body, if any) into an ApiError. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const err = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = err && typeof err.code === 'string' ? err.code : codeForStatus(status);
  const message = err && typeof err.message === 'string' ? err.message : undefined;
  const params = err && isRecord(err.params) ? (err.params as ErrorParams) : undefined;
  let fields: Record<string, ErrorCode> | undefined;
  if (err && isRecord(err.fields)) {
    fields = {};
    // codes only (the texts table of @shared/errors stays out of the initial JavaScript: unknown codes
    // get their fallback text where they are shown, lib/errors.ts)
    for (const [k, v] of Object.entries(err.fields)) if (typeof v === 'string' && ERROR_CODE_SHAPE.test(v)) fields[k] = v as ErrorCode;
  }
  return new ApiError({ status, code, message, params, fields });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** extra request headers (e.g. Idempotency-Key) */
  headers?: Record<string, string>;
  /** sees the response before its body is read (e.g. to read the x-cache header) */
  onResponse?: (res: Response) => void;
  /** where to send it (default: the browser's fetch); the server's render passes its own (lib/client.ts) */
  transport?: Transport;
};

export function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

/** Where a request goes: the browser's fetch, or on the server a function answering from inside it. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
const browserFetch: Transport = (url, init) => fetch(url, init);

/**
 * One JSON request (the typed client, lib/client.ts, is the only caller: its result type comes from the API
 * document, never from here).
 */
export async function request(method: string, path: string, opts: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await (opts.transport ?? browserFetch)(withQuery(path, opts.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && (e.name === 'AbortError' || e.name === 'TimeoutError')) throw e;
    throw new ApiError({ status: 0, code: 'UNAVAILABLE', network: true, message: e instanceof Error ? e.message : String(e) });
  }
  opts.onResponse?.(res);
  const data = parseJson(await res.text().catch(() => ''));
  if (!res.ok) throw errorFromResponse(res.status, data);
  return data;
}

export type UploadOptions = {
  /** called with 0..100 while the file is sent */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** form field name; the server expects `file` */
  field?: string;
};

/** Multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can). */
export function uploadFile<T>(path: string, file: Blob, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && opts.onProgress) opts.onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const data = parseJson(typeof xhr.responseText === 'string' ? xhr.responseText : '');
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(errorFromResponse(xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'UNAVAILABLE', network: true }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append(opts.field ?? 'file', file);
    xhr.send(form);
  });
}
