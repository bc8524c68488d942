import { describe, expect, it } from 'vitest';
import { addressProblem, recipientsToFix, resendOutcome, todayInCallZone } from './model';
import { emailListProblem, endProblem, timeProblem } from '../configs/model';

describe('Resend Emails', () => {
  it('fixes the refused recipients first, else every recipient', () => {
    expect(recipientsToFix({ to: 'a@b.example', cc: 'o@f.example, m@f.example', refusedTo: 'a@b.example' })).toEqual([
      'a@b.example',
    ]);
    expect(recipientsToFix({ to: 'a@b.example', cc: 'o@f.example', refusedTo: '' })).toEqual([
      'a@b.example',
      'o@f.example',
    ]);
  });

  it('takes one address per field', () => {
    expect(addressProblem(' margaret@thornbury.example ')).toBeNull();
    expect(addressProblem('margaret at home')).toBe('Enter one email address');
    expect(addressProblem('a@b.example;c@d.example')).toBe('Enter one email address');
  });

  it("today is the call time zone's: 04:00 UTC is still the day before in Chicago", () => {
    expect(todayInCallZone(new Date('2026-11-26T04:00:00Z'))).toBe('2026-11-25');
    expect(todayInCallZone(new Date('2026-11-26T07:00:00Z'))).toBe('2026-11-26');
  });
});

describe('Franchise Maintenance forms', () => {
  it('times are HH:mm, an end after its start, and the first bad address is named', () => {
    expect(timeProblem('09:15')).toBeNull();
    expect(timeProblem('9:15')).toBe('Enter a time of day, HH:mm');
    expect(endProblem('08:00', '09:15')).toBe('Must be after 09:15');
    expect(endProblem('18:30', '09:15')).toBeNull();
    expect(emailListProblem('a@b.example; oops')).toBe("'oops' is not an email address");
    expect(emailListProblem('')).toBeNull();
  });
});

describe('the range resend toast', () => {
  it("keeps the spec's text for a resend that sent something, and says when nothing went", () => {
    expect(resendOutcome({ startDate: '2026-06-15', endDate: '2026-06-15', resent: 3 })).toEqual({
      kind: 'success',
      text: 'Bad Emails Have Been Re-Sent',
    });
    expect(resendOutcome({ startDate: '2026-06-15', endDate: '2026-06-15', resent: 0 })).toEqual({
      kind: 'warning',
      text: 'No failed emails on 2026-06-15: nothing was re-sent.',
    });
    expect(resendOutcome({ startDate: '2026-06-01', endDate: '2026-06-15', resent: 0 }).text).toBe(
      'No failed emails from 2026-06-01 to 2026-06-15: nothing was re-sent.',
    );
  });
});
