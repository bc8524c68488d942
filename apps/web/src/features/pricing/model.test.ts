import { describe, expect, it } from 'vitest';
import { EMPTY_PRICING_DRAFT, nextYearToOpen, seasonOver } from './model';

const program = (RemainRounds: number) => ({ RemainRounds }) as never;
const prices = (serviceYear: number, remain: number[]) => ({ serviceYear, lawnPrograms: remain.map(program) });

describe('the year the pricing tab opens on', () => {
  it('moves to the next service year when no lawn round of the current one is left', () => {
    expect(nextYearToOpen(EMPTY_PRICING_DRAFT, 2026, prices(2026, [0, 0, 0]))).toBe(2027);
  });

  it('stays while any program has a round left, or when there are no lawn programs at all', () => {
    expect(nextYearToOpen(EMPTY_PRICING_DRAFT, 2026, prices(2026, [0, 2, 0]))).toBeNull();
    expect(nextYearToOpen(EMPTY_PRICING_DRAFT, 2026, prices(2026, []))).toBeNull();
    expect(seasonOver(prices(2026, []))).toBe(false);
  });

  it("never overrides the CSR's own choice of year, even the finished one", () => {
    expect(nextYearToOpen({ serviceYear: 2026 }, 2026, prices(2026, [0, 0]))).toBeNull();
    expect(nextYearToOpen({ serviceYear: 2027 }, 2026, prices(2027, [6]))).toBeNull();
  });

  it("decides on the current year's prices only, not on another year's still on screen", () => {
    expect(nextYearToOpen(EMPTY_PRICING_DRAFT, 2026, prices(2027, [0]))).toBeNull();
  });
});
