import { describe, expect, it } from 'vitest';
import { yearsFrom } from './history-range';

describe('the history range days', () => {
  it('moves a day by whole years on the calendar', () => {
    expect(yearsFrom('2026-11-29', -3)).toBe('2023-11-29');
    expect(yearsFrom('2028-02-29', -3)).toBe('2025-03-01');
  });
});
