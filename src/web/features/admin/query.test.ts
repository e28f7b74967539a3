/**
 * The admin lists moved from lib/api.ts to the typed client (decision 0031): the query string they send
 * is the one they sent before — an emptied filter ('' or null) is left out, as lib/api.ts left it out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '../../lib/api';
import { client, data } from '../../lib/client';
import { presentQuery } from './query';

let sent: string[] = [];
afterEach(() => {
  sent = [];
  setApiTransport((url, init) => fetch(url, init));
});

describe('presentQuery', () => {
  it('keeps values, drops undefined, null and empty strings', () => {
    expect(presentQuery({ search: '', filter: null, type: undefined, page: 0, active: false, q: 'a b' })).toEqual({ page: 0, active: false, q: 'a b' });
  });

  it('sends through the typed client the query string lib/api.ts sent', async () => {
    setApiTransport(async (url) => {
      sent.push(url);
      return new Response(JSON.stringify({ users: [], total: 0, page: 1, limit: 20 }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await data(client.GET('/api/admin/users', { params: { query: presentQuery({ search: '', filter: 'pending' as const, page: 2, limit: 20 }) } }));
    expect(sent).toEqual(['/api/admin/users?filter=pending&page=2&limit=20']);
  });
});
