import { describe, expect, it } from 'vitest';
import { callCentreTime, chartHours, duration, hourLabel, listTable, percent } from './model';

describe('the floor view model', () => {
  it('formats lengths, rates, hours and times as the call centre reads them', () => {
    expect(duration(null)).toBe('–');
    expect(duration(65)).toBe('1:05');
    expect(duration(3725)).toBe('1:02:05');
    expect(percent(0.667)).toBe('67%');
    expect([0, 9, 12, 17].map(hourLabel)).toEqual(['12 AM', '9 AM', '12 PM', '5 PM']);
    expect(callCentreTime('2026-06-17T14:05:00Z')).toBe('9:05 AM');
  });

  it('charts the working day, widened to hours with calls', () => {
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, calls: hour === 22 ? 1 : 0, sales: 0 }));
    const shown = chartHours(hours);
    expect(shown[0]?.hour).toBe(7);
    expect(shown.at(-1)?.hour).toBe(22);
  });

  it('pivots the list counts by branch', () => {
    const table = listTable([
      { branchNo: 'SG102', type: 'Cancel', n: 2 },
      { branchNo: 'SG101', type: 'Upsell', n: 3 },
      { branchNo: 'SG101', type: 'Cancel', n: 1 },
    ]);
    expect(table.types).toEqual(['Cancel', 'Upsell']);
    expect(table.rows).toEqual([
      { branchNo: 'SG101', counts: { Cancel: 1, Upsell: 3 }, total: 4 },
      { branchNo: 'SG102', counts: { Cancel: 2 }, total: 2 },
    ]);
  });
});
