import { describe, expect, it } from 'vitest';
import { onBehalfOf, withActing } from './actingFor';

const ID = '0b5f3c2e-8d1a-4c6b-9e7f-123456789abc';

describe('acting for a roster influencer: the address keeps the choice (decision 0045)', () => {
  it('adds ?as= to an address, keeping its query; nothing without an influencer', () => {
    expect(withActing('/deals', ID)).toBe(`/deals?as=${ID}`);
    expect(withActing('/task/1?from=list', ID)).toBe(`/task/1?from=list&as=${ID}`);
    expect(withActing('/deals', null)).toBe('/deals');
  });
  it('names the influencer in a call only when acting', () => {
    expect(onBehalfOf(ID)).toEqual({ onBehalfOf: ID });
    expect(onBehalfOf(null)).toEqual({});
  });
});
