import { describe, expect, it } from 'vitest';
import { ANY_CSR } from './csr-filter';
import { callbacksCount, callbacksQueryOf } from './model';

describe('the callbacks asked for', () => {
  it('sends the CSR and each end of the day range only when chosen', () => {
    expect(callbacksQueryOf(ANY_CSR, [null, null])).toEqual({});
    expect(callbacksQueryOf('12', ['2026-11-02', null])).toEqual({ csr: 12, from: '2026-11-02' });
    expect(callbacksQueryOf(ANY_CSR, [null, '2026-11-03'])).toEqual({ to: '2026-11-03' });
  });

  it('counts the callbacks, saying when the grid holds only part of them', () => {
    expect(callbacksCount(1, 1)).toBe('1 callback');
    expect(callbacksCount(0, 0)).toBe('0 callbacks');
    expect(callbacksCount(500, 740)).toBe('500 of 740 callbacks');
  });
});
