import { describe, expect, it } from 'vitest';
import { dnisProblem, lineFormOf, lineFormProblems, lineRequestOf, newLine, shownDnis } from './model';

describe('a phone line', () => {
  it('shows the number as the search compares it, a leading 1 of eleven digits dropped', () => {
    expect(shownDnis('18005550100')).toBe('(800) 555-0100');
    expect(shownDnis('4471')).toBe('4471');
  });

  it('takes 3 to 20 digits with the usual punctuation, as the server does', () => {
    expect(dnisProblem('+1 (800) 555-0100')).toBeNull();
    expect(dnisProblem('')).toBe('Enter the number callers dial.');
    expect(dnisProblem('800-FLOWERS')).not.toBeNull();
    expect(dnisProblem('12')).toBe('A phone number has 3 to 20 digits.');
  });

  it('edits a line as it is shown', () => {
    const line = {
      PhoneLineId: 7,
      dnis: '8005550100',
      branchNo: 'SLI010',
      sqldbid: 17501,
      compName: 'X',
      description: 'Radio',
    };
    expect(lineFormOf(line)).toEqual({ id: 7, dnis: '(800) 555-0100', branchNo: 'SLI010', description: 'Radio' });
  });

  it('is sent trimmed once its number and branch are right, and names each field it lacks', () => {
    expect(lineFormProblems(newLine())).toEqual({
      dnis: 'Enter the number callers dial.',
      branchNo: 'Choose the branch the number belongs to.',
    });
    expect(lineRequestOf(newLine())).toBeNull();
    const form = { id: null, dnis: ' (800) 555-0100 ', branchNo: 'SG101', description: ' Main ' };
    expect(lineFormProblems(form)).toEqual({ dnis: undefined, branchNo: undefined });
    expect(lineRequestOf(form)).toEqual({ dnis: '(800) 555-0100', branchNo: 'SG101', description: 'Main' });
    expect(lineRequestOf({ ...form, branchNo: null })).toBeNull();
  });
});
