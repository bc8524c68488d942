import { describe, expect, it } from 'vitest';
import { CALL_SOURCE_PLACEHOLDER_ID, CALL_SOURCES, callSourceOf, callSourceOptions } from './constants.js';

describe('call sources (call-handling.md §9)', () => {
  it("the spec's ids and names", () => {
    expect(CALL_SOURCES).toEqual([
      { id: 0, name: 'Choose One' },
      { id: 1, name: '** ALL **' },
      { id: 2, name: 'Incoming' },
      { id: 3, name: 'Outgoing' },
      { id: 4, name: 'Internet' },
      { id: 5, name: 'CompanyOwnedOutgoing' },
    ]);
  });

  it('a picker starts on the placeholder 999999, which names no source', () => {
    expect(CALL_SOURCE_PLACEHOLDER_ID).toBe(999999);
    expect(callSourceOptions().map((o) => o.id)).toEqual([999999, 1, 2, 3, 4, 5]);
    expect(callSourceOf(999999)).toBeNull();
    expect(callSourceOf(0)).toBeNull();
    expect(callSourceOf(42)).toBeNull();
    expect(callSourceOf(4)).toEqual({ id: 4, name: 'Internet' });
  });
});
