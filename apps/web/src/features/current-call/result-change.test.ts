import { describe, expect, it } from 'vitest';
import { resultChangeOf } from './result-change';

const none = { serviceCallReason: null, callbackAt: null };

describe('choosing the call result', () => {
  it('asks for the reason of a service call that has none, and keeps one it has', () => {
    expect(resultChangeOf('Service Call', none, false)).toEqual({
      change: { result: 'Service Call', serviceCallReason: null },
      asks: ['service-reason'],
    });
    expect(resultChangeOf('Service Call', { ...none, serviceCallReason: 'Weeds' }, false)).toEqual({
      change: { result: 'Service Call', serviceCallReason: 'Weeds' },
      asks: [],
    });
  });

  it('drops the service-call reason with any other result', () => {
    expect(resultChangeOf('Sale', { ...none, serviceCallReason: 'Weeds' }, false).change).toEqual({
      result: 'Sale',
      serviceCallReason: null,
    });
    expect(resultChangeOf(null, { ...none, serviceCallReason: 'Weeds' }, false).change.serviceCallReason).toBeNull();
  });

  it("asks an outbound call's callback result for its time when the call has none", () => {
    expect(resultChangeOf('Call Back', none, true).asks).toEqual(['callback']);
    expect(resultChangeOf('No Answer', none, true).asks).toEqual(['callback']);
    expect(resultChangeOf('Call Back', { ...none, callbackAt: '2026-12-01 10:30:00' }, true).asks).toEqual([]);
  });

  it('does not ask an inbound call for a callback, nor a result that takes none', () => {
    expect(resultChangeOf('Call Back', none, false).asks).toEqual([]);
    expect(resultChangeOf('Sale', none, true).asks).toEqual([]);
    expect(resultChangeOf(null, none, true).asks).toEqual([]);
  });
});
