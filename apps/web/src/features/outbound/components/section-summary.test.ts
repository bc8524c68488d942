import { describe, expect, it } from 'vitest';
import { nextCallRow, sectionSummary } from './section-summary';

describe('sectionSummary', () => {
  it('says there are no calls, or none for the dates', () => {
    expect(sectionSummary({ total: 0, first: 0, last: 0, filtered: false, selected: 0 })).toBe('No calls');
    expect(sectionSummary({ total: 0, first: 0, last: 0, filtered: true, selected: 0 })).toBe(
      'No calls match the dates',
    );
  });

  it('names the rows shown of the total, matching when filtered, and the selection', () => {
    expect(sectionSummary({ total: 1234, first: 26, last: 50, filtered: false, selected: 0 })).toBe(
      '26–50 of 1,234 calls',
    );
    expect(sectionSummary({ total: 30, first: 1, last: 25, filtered: true, selected: 2 })).toBe(
      '1–25 of 30 matching calls · 2 selected',
    );
  });
});

describe('nextCallRow', () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it('takes the first selected row in the grid order, not the order of selection', () => {
    expect(nextCallRow(rows, [rows[2], rows[1]])).toBe(rows[1]);
  });

  it('takes the first row of the page when nothing is selected, and none of an empty page', () => {
    expect(nextCallRow(rows, [])).toBe(rows[0]);
    expect(nextCallRow([], [])).toBeUndefined();
  });
});
