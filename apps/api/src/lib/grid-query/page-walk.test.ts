import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pageWalk } from './page-walk.js';

/** The rows a walk takes out of ids 0..total-1, in the forward order. */
function taken(total: number, skip: number, top: number, known: boolean): number[] {
  const walk = pageWalk(skip, top, known ? total : undefined);
  if (walk === null) return [];
  const order = Array.from({ length: total }, (_, i) => i);
  const walked = walk.reverse ? [...order].reverse() : order;
  return walked.slice(walk.offset, walk.offset + walk.limit).sort((a, b) => a - b);
}

describe('pageWalk', () => {
  it('takes the same rows as OFFSET/LIMIT, from whichever end is nearer when the total is known', () => {
    fc.assert(
      fc.property(fc.nat(300), fc.nat(400), fc.nat(60), fc.boolean(), (total, skip, top, known) => {
        const expected = Array.from({ length: total }, (_, i) => i).slice(skip, skip + top);
        expect(taken(total, skip, top, known)).toEqual(expected);
      }),
    );
  });

  it('reads the last page from the end, a first-half page forwards, and nothing past the end or for $top=0', () => {
    expect(pageWalk(59_950, 100, 60_000)).toEqual({ limit: 50, offset: 0, reverse: true });
    expect(pageWalk(29_000, 100, 60_000)).toEqual({ limit: 100, offset: 29_000, reverse: false });
    expect(pageWalk(50_000, 100)).toEqual({ limit: 100, offset: 50_000, reverse: false });
    expect(pageWalk(60_000, 100, 60_000)).toBeNull();
    expect(pageWalk(10, 0, 60_000)).toBeNull();
  });
});
