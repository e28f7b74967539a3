/**
 * The typed client (decision 0031) behaves like lib/api.ts: it sends through the transport in force
 * (the browser's fetch, stubbed here), as a same-origin path with its query, and a non-2xx becomes the ApiError with the
 * server's code.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { client, data } from './client';

type Sent = { url: string; method: string; headers: Headers; body: string | undefined };
let sent: Sent[] = [];

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: String(init.method), headers: new Headers(init.headers), body: typeof init.body === 'string' ? init.body : undefined });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => {
  sent = [];
  vi.unstubAllGlobals();
});

describe('the typed client', () => {
  it('sends the path and query through the transport and returns the body', async () => {
    answer(200, { items: [] });
    const r = await data(client.GET('/api/deals', { params: { query: { status: 'closed' } } }));
    expect(r).toEqual({ items: [] });
    expect(sent[0]).toMatchObject({ url: '/api/deals?status=closed', method: 'GET', body: undefined });
    expect(sent[0].headers.get('accept')).toBe('application/json');
  });

  it('leaves out empty query values as lib/api.ts always did, and hands back the response', async () => {
    answer(200, { items: [] });
    const r = await client.GET('/api/tasks', { params: { query: { search: '', page: 2 } } });
    expect(sent[0].url).toBe('/api/tasks?page=2');
    expect(r.response.status).toBe(200);
  });

  it('fills path parameters and sends a JSON body', async () => {
    answer(200, { ok: true });
    await data(
      client.POST('/api/deals/{id}/events/propose_schedule', {
        params: { path: { id: 'd-1' } },
        body: { start: '2026-03-10T10:00:00Z', end: '2026-03-10T12:00:00Z', roomUrl: 'https://live.douyin.com/1' },
      }),
    );
    expect(sent[0]).toMatchObject({ url: '/api/deals/d-1/events/propose_schedule', method: 'POST' });
    expect(sent[0].headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent[0].body ?? '')).toMatchObject({ roomUrl: 'https://live.douyin.com/1' });
  });

  it('turns a non-2xx answer into the ApiError with the server’s code', async () => {
    answer(404, { error: { code: 'DEAL_NOT_FOUND', message: '订单不存在' } });
    const err = await data(client.GET('/api/deals/{id}', { params: { path: { id: 'x' } } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'DEAL_NOT_FOUND', network: false });
  });

  it('an unreachable server is a network ApiError; an abort stays an abort', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    expect(await data(client.GET('/api/deals')).catch((e: unknown) => e)).toMatchObject({ status: 0, code: 'UNAVAILABLE', network: true });
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    expect(await data(client.GET('/api/deals')).catch((e: unknown) => (e as DOMException).name)).toBe('AbortError');
  });
});
