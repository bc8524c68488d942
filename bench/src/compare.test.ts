import { describe, expect, it } from 'vitest';
import { compareRows, GROWTH_LIMIT } from './compare.js';
import type { ScenarioFigures } from './results.js';

const row = (scenario: string, kind: string, p95: number | null, ceilingP95: number | null): ScenarioFigures => ({
  scenario,
  kind,
  p50: p95,
  p95,
  requestsPerSecond: 100,
  ceilingP95,
  ceilingRequestsPerSecond: ceilingP95 === null ? null : 200,
  loadAverage: 0.5,
});

describe('compareRows', () => {
  it('marks a search whose p95 grows past the limit, and only the scenarios held to it', () => {
    const a = [
      row('search: phone', 'search', 10, 5),
      row('end call', 'end_call', 50, null),
      row('gone', 'search', 3, 1),
    ];
    const b = [
      row('search: phone', 'search', 10 * GROWTH_LIMIT + 1, 9),
      row('end call', 'end_call', 500, null),
      row('new', 'outbound', 4, 2),
    ];
    const rows = compareRows(a, b);
    expect(rows.map((r) => r[0])).toEqual(['search: phone', 'end call', 'gone', 'new']);
    expect(rows[0]).toEqual(['search: phone', '10.00', '14.00', '1.40 ×', '5.00', '9.00', '1.80 ×', 'GROWS FASTER']);
    expect(rows[1]?.at(-1)).toBe('-');
    expect(rows[2]?.slice(1)).toEqual(['3.00', '-', '-', '1.00', '-', '-', '-']);
  });

  it('a growth within the limit is ok', () => {
    const rows = compareRows([row('search: zip', 'search', 10, 5)], [row('search: zip', 'search', 12, 6)]);
    expect(rows[0]?.at(-1)).toBe('ok');
  });
});
