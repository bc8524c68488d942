import { describe, expect, it } from 'vitest';
import { backoffMs } from './event-stream';

describe('a stream reconnection', () => {
  it('waits 1 s, then twice as long after each failure, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffMs(n, 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffMs(0, 1)).toBe(1250);
  });
});
