import { describe, expect, it } from 'vitest';
import { DEAL_EVENT_NAMES } from '../../../shared/deals';
import { EFFECTS } from './events';

describe('deal events: one effect per event of the table (src/shared/deals.ts)', () => {
  it('every event of the table has an effect', () => {
    const missing = DEAL_EVENT_NAMES.filter((e) => typeof EFFECTS[e] !== 'function');
    expect(missing).toEqual([]);
  });

  it('no effect lacks an event of the table', () => {
    const known = new Set<string>(DEAL_EVENT_NAMES);
    expect(Object.keys(EFFECTS).filter((e) => !known.has(e))).toEqual([]);
  });
});
