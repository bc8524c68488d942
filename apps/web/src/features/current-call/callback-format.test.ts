import { describe, expect, it } from 'vitest';
import { callbackText } from './callback-format';

describe('the callback as the call screen shows it', () => {
  it('reads the call centre wall time as written: day, month, 12-hour time, the year only where asked', () => {
    expect(callbackText('2026-12-09 10:30:00')).toBe('Wed Dec 9, 10:30 AM');
    expect(callbackText('2026-12-09 10:30:00', true)).toBe('Wed Dec 9, 2026 10:30 AM');
    expect(callbackText('2027-01-01 00:05:00')).toBe('Fri Jan 1, 12:05 AM');
    expect(callbackText('2026-12-31 18:45:00')).toBe('Thu Dec 31, 6:45 PM');
  });
});
