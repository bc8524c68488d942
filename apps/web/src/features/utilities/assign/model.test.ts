import { describe, expect, it } from 'vitest';
import type { CsrAssignment } from '@cc/contract';
import { ALL_SOURCES, canAssign, listLabel, listsShown } from './model';

const list = (branch: string, source: string, userId: number | null = null) =>
  ({ branch, source, type: 'Cancel', userId, assignmentId: null, openCalls: 3 }) as CsrAssignment;

describe('the lists Assign Service Reps shows', () => {
  const rows = [list('SG101', 'Web'), list('SG102', 'Phone'), list('NE200', 'Web')];

  it('filters by source (none for ** ALL **) and by the start of the branch, in any case', () => {
    expect(listsShown(rows, ALL_SOURCES, '')).toHaveLength(3);
    expect(listsShown(rows, 'Web', '').map((r) => r.branch)).toEqual(['SG101', 'NE200']);
    expect(listsShown(rows, ALL_SOURCES, ' sg1 ').map((r) => r.branch)).toEqual(['SG101', 'SG102']);
    expect(listsShown(rows, 'Phone', 'ne')).toEqual([]);
  });

  it('gives a selected list to a chosen CSR other than its own', () => {
    expect(canAssign(null, '5')).toBe(false);
    expect(canAssign(list('SG101', 'Web'), null)).toBe(false);
    expect(canAssign(list('SG101', 'Web'), '5')).toBe(true);
    expect(canAssign(list('SG101', 'Web', 5), '5')).toBe(false);
    expect(listLabel(list('SG101', 'Web'))).toBe('SG101 · Cancel · Web');
    expect(listLabel(null)).toBe('Select a list in the grid.');
  });
});
