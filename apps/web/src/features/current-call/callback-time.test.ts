import { describe, expect, it } from 'vitest';
import { CALL_TIME_ZONE, callbackHoursProblem } from '@cc/domain';
import { CALLBACK_TIME_HINT, callbackTimeProblem, typedCallbackTime } from './callback-time';

describe('the typed time of a callback', () => {
  it('is read as people type times', () => {
    expect(typedCallbackTime('1030')).toEqual({ time: '10:30' });
    expect(typedCallbackTime('2:15 pm')).toEqual({ time: '14:15' });
  });
  it('asks for a time when none is typed, and shows how to type one otherwise', () => {
    expect(typedCallbackTime('  ')).toEqual({ error: 'Type the time of the callback.' });
    expect(typedCallbackTime('soon')).toEqual({ error: CALLBACK_TIME_HINT });
  });
});

describe('a callback time', () => {
  const now = '2026-12-01 09:00:00';
  it('is taken within the calling hours and after now', () => {
    expect(callbackTimeProblem('2026-12-01 10:30:00', CALL_TIME_ZONE, now)).toBeNull();
  });
  it('is refused outside the calling hours, with the hours named as the server names them', () => {
    const late = '2026-12-01 22:30:00';
    expect(callbackTimeProblem(late, CALL_TIME_ZONE, now)).toBe(callbackHoursProblem(late, CALL_TIME_ZONE));
    expect(callbackTimeProblem(late, CALL_TIME_ZONE, now)).not.toBeNull();
  });
  it('is refused when it has passed', () => {
    expect(callbackTimeProblem('2026-12-01 08:30:00', CALL_TIME_ZONE, now)).toBe(
      `Choose a time after now (${CALL_TIME_ZONE}).`,
    );
  });
});
