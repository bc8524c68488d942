import { describe, expect, it } from 'vitest';
import { popFromQuery } from './screen-pop-query';

describe('the screen-pop URL', () => {
  it('reads ani, dnis and callId, the caller as the search compares digits', () => {
    expect(popFromQuery(new URLSearchParams('ani=%2B1%20(402)%20555-0101&dnis=800-555-0100&callId=c-1'))).toEqual({
      ani: '4025550101',
      dnis: '8005550100',
      callId: 'c-1',
    });
  });

  it("reads the common vendors' names", () => {
    expect(
      popFromQuery(new URLSearchParams('CustomerEndpoint=%2B14025550101&SystemEndpoint=%2B18005550100&ContactId=ab')),
    ).toEqual({
      ani: '4025550101',
      dnis: '8005550100',
      callId: 'ab',
    });
    expect(popFromQuery(new URLSearchParams('From=4025550101&CallSid=CA1'))).toEqual({
      ani: '4025550101',
      dnis: '',
      callId: 'CA1',
    });
  });

  it('drops a call id the call history could not keep (a space, a letter past ASCII, over 100 characters)', () => {
    for (const callId of ['has space', 'café', 'x'.repeat(101)]) {
      const query = new URLSearchParams({ ani: '4025550101', callId });
      expect(popFromQuery(query)?.callId, callId).toBe('');
    }
    expect(popFromQuery(new URLSearchParams({ ani: '4025550101', callId: 'x'.repeat(100) }))?.callId).toHaveLength(100);
  });

  it('is no pop without a caller number of 3 digits', () => {
    expect(popFromQuery(new URLSearchParams('dnis=8005550100'))).toBeNull();
    expect(popFromQuery(new URLSearchParams('ani=12'))).toBeNull();
  });
});
