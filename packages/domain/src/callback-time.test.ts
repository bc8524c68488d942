import { describe, expect, it } from 'vitest';
import { callbackHoursProblem, callingHoursText, parseTypedTime, withinCallingHours } from './callback-time.js';
import { endCallProblem } from './end-call.js';
import { CALL_RESULTS } from './calls.js';

describe('a time of day as people type it', () => {
  it.each([
    ['1030', '10:30'],
    ['10:30', '10:30'],
    ['930', '09:30'],
    ['0930', '09:30'],
    ['9:30', '09:30'],
    ['10.30', '10:30'],
    ['10:30 pm', '22:30'],
    ['10:30pm', '22:30'],
    ['10:30 PM', '22:30'],
    ['10 a.m.', '10:00'],
    ['10pm', '22:00'],
    ['12:15 pm', '12:15'],
    ['12:15 am', '00:15'],
    ['22:15', '22:15'],
    ['2215', '22:15'],
    ['3', '15:00'],
    ['330', '15:30'],
    ['3:30', '15:30'],
    ['0330', '03:30'],
    ['3:30 am', '03:30'],
    ['12', '12:00'],
    ['8', '08:00'],
  ])('%s is %s', (typed, time) => {
    expect(parseTypedTime(typed)).toBe(time);
  });

  it.each(['', 'noon', '25:00', '10:60', '1061', '13 pm', '0 am', '12345', '10:3', '10:30 xm'])(
    '%s is not a time',
    (typed) => {
      expect(parseTypedTime(typed)).toBeNull();
    },
  );
});

describe('calling hours', () => {
  it('are 8:00 AM to 9:00 PM on the call centre clock, both ends included', () => {
    expect(callingHoursText()).toBe('8:00 AM to 9:00 PM');
    expect(withinCallingHours('2026-06-18 08:00:00')).toBe(true);
    expect(withinCallingHours('2026-06-18 21:00')).toBe(true);
    expect(withinCallingHours('2026-06-18 07:59:00')).toBe(false);
    expect(withinCallingHours('2026-06-18 21:01:00')).toBe(false);
    expect(callbackHoursProblem('2026-06-18 02:00:00')).toBe(
      'Callbacks are made within calling hours, 8:00 AM to 9:00 PM (America/Chicago).',
    );
  });

  it("are the branch's own: a New York branch is called from 7:00 AM to 8:00 PM Chicago time", () => {
    const ny = 'America/New_York';
    expect(withinCallingHours('2026-06-18 07:30:00', ny)).toBe(true);
    expect(withinCallingHours('2026-06-18 20:00:00', ny)).toBe(true);
    expect(withinCallingHours('2026-06-18 20:30:00', ny)).toBe(false);
    expect(withinCallingHours('2026-06-18 06:59:00', ny)).toBe(false);
    expect(callbackHoursProblem('2026-06-18 20:30:00', ny)).toBe(
      "Callbacks are made within the branch's calling hours, 8:00 AM to 9:00 PM (America/New_York), which is 7:00 AM to 8:00 PM (America/Chicago).",
    );
    // Across a change of clocks (Chicago and New York change together): still one hour apart.
    expect(withinCallingHours('2026-03-08 07:00:00', ny)).toBe(true);
    expect(withinCallingHours('2026-11-01 20:30:00', ny)).toBe(false);
  });

  it('refuse a callback at 2 AM when a call ends', () => {
    const check = {
      callType: 'Cancel',
      result: 'Call Back',
      allowedResults: CALL_RESULTS.Cancel,
      serviceCallReason: null,
      missingSurveyAnswers: 0,
      saleSubtotals: null,
    };
    expect(endCallProblem({ ...check, callbackAt: '2026-06-18 02:00:00' })).toEqual({
      field: 'callbackAt',
      message: 'Callbacks are made within calling hours, 8:00 AM to 9:00 PM (America/Chicago).',
    });
    expect(endCallProblem({ ...check, callbackAt: '2026-06-18 10:30:00' })).toBeNull();
  });
});
