import { describe, expect, it } from 'vitest';
import { belowHeader, liftAbovePagers } from './toast-placement';

const stack = { top: 600, bottom: 700, left: 900, right: 1340 };

describe('bottom-right toasts and grid pagers', () => {
  it('stays put when no pager is under the toasts', () => {
    expect(liftAbovePagers(stack, [], 720)).toBeNull();
    expect(liftAbovePagers(stack, [{ top: 300, bottom: 340, left: 0, right: 1366 }], 720)).toBeNull();
    expect(liftAbovePagers(stack, [{ top: 650, bottom: 690, left: 0, right: 880 }], 720)).toBeNull();
  });

  it('lifts the stack above the highest pager it overlaps, with a gap', () => {
    const pagers = [
      { top: 660, bottom: 700, left: 0, right: 1366 },
      { top: 620, bottom: 650, left: 1000, right: 1366 },
    ];
    expect(liftAbovePagers(stack, pagers, 720)).toBe(720 - 620 + 8);
  });

  it('ignores hidden pagers (no size)', () => {
    expect(liftAbovePagers(stack, [{ top: 0, bottom: 0, left: 0, right: 0 }], 720)).toBeNull();
  });
});

describe('top-right toasts and the header', () => {
  it('start below the header, with a gap', () => {
    expect(belowHeader({ top: 0, bottom: 60, left: 0, right: 1366 })).toBe(68);
  });

  it('stay put without a header on screen', () => {
    expect(belowHeader(null)).toBeNull();
    expect(belowHeader({ top: 0, bottom: 0, left: 0, right: 0 })).toBeNull();
  });
});
