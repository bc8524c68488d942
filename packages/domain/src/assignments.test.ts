import { describe, expect, it } from 'vitest';
import { ASSIGN_TEXT, CALLBACK_TEXT, isAssignableCsr } from './assignments.js';

describe('isAssignableCsr (administration.md §6: allowCorporate or isAdmin)', () => {
  it.each([
    [{ allowCorporate: true, isAdmin: false }, true],
    [{ allowCorporate: false, isAdmin: true }, true],
    [{ allowCorporate: true, isAdmin: true }, true],
    [{ allowCorporate: false, isAdmin: false }, false],
    [{ allowCorporate: true, isAdmin: true, active: false }, false],
    [{ allowCorporate: true, isAdmin: false, active: true }, true],
  ])('%j → %s', (flags, expected) => {
    expect(isAssignableCsr(flags)).toBe(expected);
  });
});

describe('the toasts quoted by administration.md §8', () => {
  it('keeps the spec texts, with the group and the count in place of ...', () => {
    expect(ASSIGN_TEXT.updated({ branch: 'SG101', type: 'Cancel', source: 'Outbound-Cancel' })).toBe(
      'CSR Successfully Updated for Assignment SG101 Cancel Outbound-Cancel',
    );
    expect(CALLBACK_TEXT.reassigned(3)).toBe('3 Callback(s) Successfully Reassigned!');
    expect([
      ASSIGN_TEXT.deleted,
      ASSIGN_TEXT.markComplete,
      ASSIGN_TEXT.failed,
      ASSIGN_TEXT.cancelled,
      ASSIGN_TEXT.deleteCancelled,
      ASSIGN_TEXT.markCompleteCancelled,
      CALLBACK_TEXT.cancelled,
    ]).toEqual([
      'Assignment Successfully Deleted.',
      'Mark List Complete Succeeded!',
      'Sorry, but an error occurred...',
      'Assign Service Reps Cancelled...',
      'Delete CSR Assignment Cancelled...',
      'Mark List Complete Cancelled...',
      'Reassign Callbacks Cancelled...',
    ]);
  });
});
