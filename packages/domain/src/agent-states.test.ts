import { describe, expect, it } from 'vitest';
import {
  agentCallKey,
  effectiveAgentState,
  formatTimeInState,
  isCsr,
  nextAgentState,
  secondsInState,
  type AgentStateNow,
} from './agent-states.js';

const t0 = new Date('2026-06-15T15:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const state = (over: Partial<AgentStateNow>): AgentStateNow => ({
  state: 'Ready',
  reasonId: null,
  since: t0,
  wrapUpUntil: null,
  callKey: null,
  ...over,
});
const call = agentCallKey(3, 1001);

describe('agent state transitions', () => {
  it('the CSR picks Away with a reason, then another reason, then Ready; picking what holds changes nothing', () => {
    const away = nextAgentState(state({}), { kind: 'choose', state: 'Away', reasonId: 2 }, at(5));
    expect(away).toEqual({
      kind: 'change',
      next: { state: 'Away', reasonId: 2, since: at(5), wrapUpUntil: null, callKey: null },
    });
    const awayNow = state({ state: 'Away', reasonId: 2, since: at(5) });
    expect(nextAgentState(awayNow, { kind: 'choose', state: 'Away', reasonId: 2 }, at(9))).toEqual({ kind: 'none' });
    expect(nextAgentState(awayNow, { kind: 'choose', state: 'Away', reasonId: 3 }, at(9))).toMatchObject({
      kind: 'change',
      next: { state: 'Away', reasonId: 3 },
    });
    expect(nextAgentState(awayNow, { kind: 'choose', state: 'Ready' }, at(9))).toMatchObject({
      kind: 'change',
      next: { state: 'Ready', reasonId: null, since: at(9) },
    });
    expect(nextAgentState(state({}), { kind: 'choose', state: 'Ready' }, at(9))).toEqual({ kind: 'none' });
  });

  it('opening a call is On call from any state; its heartbeat changes nothing, not even an Away picked meanwhile', () => {
    for (const from of ['Ready', 'Away', 'Wrap-up', 'Offline'] as const) {
      expect(nextAgentState(state({ state: from }), { kind: 'callOpened', callKey: call }, at(1))).toEqual({
        kind: 'change',
        next: { state: 'On call', reasonId: null, since: at(1), wrapUpUntil: null, callKey: call },
      });
    }
    const onCall = state({ state: 'On call', callKey: call });
    expect(nextAgentState(onCall, { kind: 'callOpened', callKey: call }, at(30))).toEqual({ kind: 'none' });
    const awayDuring = state({ state: 'Away', reasonId: 1, callKey: call });
    expect(nextAgentState(awayDuring, { kind: 'callOpened', callKey: call }, at(30))).toEqual({ kind: 'none' });
    // A second call opened while on one: still On call since the first, following the new call.
    const other = agentCallKey(3, 1002);
    expect(nextAgentState(onCall, { kind: 'callOpened', callKey: other }, at(40))).toEqual({
      kind: 'call',
      callKey: other,
    });
  });

  it('ending the call in hand is Wrap-up for the configured time; a release of another call changes nothing', () => {
    const onCall = state({ state: 'On call', callKey: call });
    expect(nextAgentState(onCall, { kind: 'callEnded', callKey: null, wrapUpSeconds: 30 }, at(100))).toEqual({
      kind: 'change',
      next: { state: 'Wrap-up', reasonId: null, since: at(100), wrapUpUntil: at(130), callKey: null },
    });
    expect(nextAgentState(onCall, { kind: 'callEnded', callKey: call, wrapUpSeconds: 0 }, at(100))).toMatchObject({
      next: { state: 'Wrap-up', wrapUpUntil: at(100) },
    });
    expect(
      nextAgentState(onCall, { kind: 'callEnded', callKey: agentCallKey(3, 9), wrapUpSeconds: 30 }, at(100)),
    ).toEqual({ kind: 'none' });
  });

  it('a call ended while the CSR had picked Away or Ready keeps their choice and forgets the call', () => {
    const away = state({ state: 'Away', reasonId: 4, callKey: call });
    expect(nextAgentState(away, { kind: 'callEnded', callKey: call, wrapUpSeconds: 30 }, at(5))).toEqual({
      kind: 'call',
      callKey: null,
    });
    expect(nextAgentState(state({}), { kind: 'callEnded', callKey: null, wrapUpSeconds: 30 }, at(5))).toEqual({
      kind: 'none',
    });
  });

  it('signing out is Offline once', () => {
    expect(nextAgentState(state({ state: 'Away', reasonId: 1 }), { kind: 'signedOut' }, at(5))).toMatchObject({
      kind: 'change',
      next: { state: 'Offline', reasonId: null },
    });
    expect(nextAgentState(state({ state: 'Offline' }), { kind: 'signedOut' }, at(5))).toEqual({ kind: 'none' });
  });

  it("the phone's answered call is On call; its ended call is Wrap-up keeping the call, and no more after", () => {
    const answered = nextAgentState(state({ state: 'Away', reasonId: 2 }), { kind: 'phoneAnswered' }, at(0));
    expect(answered).toEqual({
      kind: 'change',
      next: { state: 'On call', reasonId: null, since: at(0), wrapUpUntil: null, callKey: null },
    });
    const onCall = state({ state: 'On call', callKey: call });
    expect(nextAgentState(onCall, { kind: 'phoneAnswered' }, at(5))).toEqual({ kind: 'none' });
    const ended = nextAgentState(onCall, { kind: 'phoneEnded', wrapUpSeconds: 30 }, at(60));
    expect(ended).toEqual({
      kind: 'change',
      next: { state: 'Wrap-up', reasonId: null, since: at(60), wrapUpUntil: at(90), callKey: call },
    });
    // The call screen still open on that call: its heartbeat is not a new call, its End Call only forgets it.
    const wrapUp = state({ state: 'Wrap-up', since: at(60), wrapUpUntil: at(90), callKey: call });
    expect(nextAgentState(wrapUp, { kind: 'callOpened', callKey: call }, at(70))).toEqual({ kind: 'none' });
    expect(nextAgentState(wrapUp, { kind: 'callEnded', callKey: null, wrapUpSeconds: 30 }, at(80))).toEqual({
      kind: 'call',
      callKey: null,
    });
    // An Away picked during the call holds, and a repeated ended event changes nothing.
    const away = state({ state: 'Away', reasonId: 4, callKey: call });
    expect(nextAgentState(away, { kind: 'phoneEnded', wrapUpSeconds: 30 }, at(60))).toEqual({ kind: 'none' });
    expect(nextAgentState(wrapUp, { kind: 'phoneEnded', wrapUpSeconds: 30 }, at(61))).toEqual({ kind: 'none' });
  });

  it('a state set as it is; a reason only with Away', () => {
    expect(
      nextAgentState(state({}), { kind: 'set', state: 'Wrap-up', reasonId: 7, wrapUpSeconds: 10 }, at(0)),
    ).toMatchObject({ next: { state: 'Wrap-up', reasonId: null, wrapUpUntil: at(10) } });
    expect(nextAgentState(state({}), { kind: 'set', state: 'Ready', reasonId: null }, at(0))).toEqual({
      kind: 'none',
    });
  });
});

describe('wrap-up expiry', () => {
  const wrap = state({ state: 'Wrap-up', since: at(0), wrapUpUntil: at(30) });
  it('is Wrap-up until its end, and Ready since that instant from then on', () => {
    expect(effectiveAgentState(wrap, at(29))).toBe(wrap);
    expect(effectiveAgentState(wrap, at(30))).toEqual({
      state: 'Ready',
      reasonId: null,
      since: at(30),
      wrapUpUntil: null,
      callKey: null,
    });
    expect(effectiveAgentState(wrap, at(3600)).since).toEqual(at(30));
  });
  it('a state without an end never lapses', () => {
    const away = state({ state: 'Away', reasonId: 1 });
    expect(effectiveAgentState(away, at(86_400))).toBe(away);
  });
});

describe('time in state', () => {
  it('counts whole seconds, never below zero, and reads m:ss or h:mm:ss', () => {
    expect(secondsInState(at(0), at(61.9))).toBe(61);
    expect(secondsInState(at(10), at(0))).toBe(0);
    expect(formatTimeInState(0)).toBe('0:00');
    expect(formatTimeInState(61)).toBe('1:01');
    expect(formatTimeInState(3600 + 5 * 60 + 9)).toBe('1:05:09');
  });
});

describe('who is a CSR', () => {
  it('holds Inbound or Outbound Calls, is not the administrator and not held to MeasureIt', () => {
    const csr = { roleId: 3, applications: [1, 3, 8], measureItToolOnly: false };
    expect(isCsr(csr)).toBe(true);
    expect(isCsr({ ...csr, applications: [2] })).toBe(true);
    expect(isCsr({ ...csr, applications: [4, 5, 8, 9] })).toBe(false);
    expect(isCsr({ ...csr, applications: [6] })).toBe(false);
    expect(isCsr({ ...csr, measureItToolOnly: true })).toBe(false);
    expect(isCsr({ ...csr, roleId: 1 })).toBe(false);
  });
});
