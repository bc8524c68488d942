import { describe, expect, it } from 'vitest';
import { stepFigures, stepTable } from './figures.js';

describe('the screen bench figures', () => {
  it('takes the median and the nearest-rank p95 of a step, whatever order its runs came in', () => {
    const times = Array.from({ length: 20 }, (_, i) => (i * 7) % 20).map((i) => 100 + i * 10);
    const figures = stepFigures('open a call', times, 300);
    expect(figures).toMatchObject({ runs: 20, median: 190, p95: 280, worst: 290, target: 300 });
  });

  it('says whether each p95 meets its target', () => {
    const lines = stepTable([stepFigures('floor', [120, 140], 300), stepFigures('first page', [900, 1400], 1000)]);
    expect(lines[1]).toMatch(/^floor\s+2\s+120\s+140\s+140\s+300\s+met$/);
    expect(lines[2]).toMatch(/not met$/);
  });
});
