/**
 * The web's calls on the typed client send what lib/api.ts sent: a deal event to its own operation with
 * its form, and a query without empty values.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, data } from '../../lib/client';
import { compactQuery } from '../../lib/queryParams';
import { postDealEvent } from './api';

type Sent = { url: string; method: string; contentType: string | null; body: string | undefined };
let sent: Sent[] = [];

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: String(init.method),
      contentType: new Headers(init.headers).get('content-type'),
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => {
  sent = [];
  vi.unstubAllGlobals();
});

describe('postDealEvent', () => {
  it('posts the event’s form to the event’s own operation', async () => {
    // the event answers the deal as GET /api/deals/{id} does (decision 0056); the client hands it back as sent
    answer(200, { id: 'd-1', status: 'schedule_proposed' });
    const body = { start: '2026-03-10T10:00:00.000Z', end: '2026-03-10T12:00:00.000Z', roomUrl: 'https://live.douyin.com/1' };
    expect(await postDealEvent('d-1', 'propose_schedule', body)).toEqual({ id: 'd-1', status: 'schedule_proposed' });
    expect(sent[0]).toMatchObject({ url: '/api/deals/d-1/events/propose_schedule', method: 'POST', contentType: 'application/json' });
    expect(JSON.parse(sent[0].body ?? '')).toEqual(body);
  });

  it('an event without a form sends an empty object', async () => {
    answer(200, { id: 'd-1', status: 'confirmed' });
    await postDealEvent('d-1', 'confirm', {});
    expect(sent[0]).toMatchObject({ url: '/api/deals/d-1/events/confirm', body: '{}' });
  });

  it('a refusal is the ApiError with the server’s code', async () => {
    answer(409, { error: { code: 'DEAL_STATE_CONFLICT', message: 'x' } });
    await expect(postDealEvent('d-1', 'cancel', { reason: 'changed plans' })).rejects.toMatchObject({ status: 409, code: 'DEAL_STATE_CONFLICT' });
  });
});

// the event picks the body's type (checked by tsc, never run)
export const typeChecks = () => [
  // @ts-expect-error the schedule form has no reason
  postDealEvent('d-1', 'propose_schedule', { reason: 'x' }),
  // @ts-expect-error a platform event is no operation
  postDealEvent('d-1', 'auto_confirm', {}),
];

describe('compactQuery', () => {
  it('leaves out empty strings and null as lib/api.ts did, keeps 0 and false', async () => {
    answer(200, { tasks: [], total: 0, page: 1, pageSize: 12 });
    await data(client.GET('/api/tasks', { params: { query: compactQuery({ search: '', category: undefined, page: 2 }) } }));
    expect(sent[0].url).toBe('/api/tasks?page=2');
    expect(compactQuery({ a: '', b: null, c: 0, d: false, e: 'x' })).toEqual({ c: 0, d: false, e: 'x' });
  });
});
