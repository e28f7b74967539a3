/** The one retry policy of the app (decision 0036): no retry of a 4xx, one more try of anything else. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { queryClient } from './queryClient';

const retry = queryClient.getDefaultOptions().queries?.retry;
const again = (count: number, err: unknown) => {
  if (typeof retry !== 'function') throw new Error('the query client has no retry policy');
  return retry(count, err as Error);
};

describe('query retry policy', () => {
  it('a 4xx is not asked again', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(again(0, new ApiError({ status, code: 'X' }))).toBe(false);
  });

  it('a 5xx, a network failure or another error gets exactly one more try', () => {
    for (const err of [
      new ApiError({ status: 500, code: 'INTERNAL' }),
      new ApiError({ status: 0, code: 'NETWORK', network: true }),
      new TypeError('fetch failed'),
    ]) {
      expect(again(0, err)).toBe(true);
      expect(again(1, err)).toBe(false);
    }
  });

  it('mutations are never retried', () => {
    expect(queryClient.getDefaultOptions().mutations?.retry).toBe(false);
  });
});
