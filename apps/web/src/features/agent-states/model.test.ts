import { describe, expect, it } from 'vitest';
import { msUntilWrapUpEnds, stateLabel } from './model';

describe('agent state display', () => {
  it('names the away reason', () => {
    expect(stateLabel('Away', 'Lunch')).toBe('Away: Lunch');
    expect(stateLabel('Away', '')).toBe('Away');
    expect(stateLabel('On call', '')).toBe('On call');
  });
  it('waits for a Wrap-up by the server clock, at least a second', () => {
    expect(msUntilWrapUpEnds({ wrapUpUntil: null, asOf: '2026-06-15T15:00:00Z' })).toBeNull();
    expect(msUntilWrapUpEnds({ wrapUpUntil: '2026-06-15T15:00:30Z', asOf: '2026-06-15T15:00:00Z' })).toBe(30_250);
    expect(msUntilWrapUpEnds({ wrapUpUntil: '2026-06-15T15:00:00Z', asOf: '2026-06-15T15:00:10Z' })).toBe(1000);
  });
});
