/**
 * Agent states (docs/decisions/076-agent-states.md): what a CSR is doing now — Ready, On call, Wrap-up, Away (with a
 * reason the administrator keeps) or Offline — and how calls, the CSR's own choice, signing out and the phone system
 * move it. Pure: the server keeps the current state per user and a history row per change.
 */
import { Role } from './access.js';
import { ACCESS } from './route-access.js';

export const AGENT_STATES = ['Ready', 'On call', 'Wrap-up', 'Away', 'Offline'] as const;
export type AgentStateName = (typeof AGENT_STATES)[number];

/** What made a change: the CSR, a call opened or ended, the phone system, the wrap-up's end, a session's end. */
export const AGENT_STATE_SOURCES = ['user', 'call', 'phone', 'timer', 'session'] as const;
export type AgentStateSource = (typeof AGENT_STATE_SOURCES)[number];

/** The states a CSR picks from the header; On call and Wrap-up follow the calls. */
export const CHOOSABLE_AGENT_STATES = ['Ready', 'Away'] as const;
export type ChoosableAgentState = (typeof CHOOSABLE_AGENT_STATES)[number];

/** Wrap-up after a call when AGENT_WRAP_UP_SECONDS does not say otherwise. */
export const DEFAULT_WRAP_UP_SECONDS = 30;

/** A call as the state knows it: `sqldbid/customerNo`. */
export const agentCallKey = (sqldbid: number, customerNo: number): string => `${sqldbid}/${customerNo}`;

export interface AgentStateNow {
  state: AgentStateName;
  /** The away reason's id; null in every other state. */
  reasonId: number | null;
  since: Date;
  /** When a Wrap-up turns into Ready; null in every other state. */
  wrapUpUntil: Date | null;
  /** The call the state last saw opened and not yet ended or released; a heartbeat of it changes nothing. */
  callKey: string | null;
}

/**
 * Who is a CSR, where people at work are counted (the reports' rows by CSR, their time in each state): a user who
 * takes calls, that is holds an application of the call screen's rule (Inbound or Outbound Calls, `ACCESS.call`), and
 * is not held to MeasureIt alone. The administrator is none by its grants: it passes every rule by its role, and the
 * applications it holds are the dashboard's convenience (route-access.ts), so an administrator who takes calls is
 * counted by those calls, as anybody who has calls is.
 */
export const CSR_APPLICATIONS: readonly number[] = ACCESS.call.apps;
export const NOT_CSR_ROLES: readonly number[] = [Role.Administrator];

export function isCsr(user: { roleId: number; applications: readonly number[]; measureItToolOnly: boolean }): boolean {
  return (
    !NOT_CSR_ROLES.includes(user.roleId) &&
    !user.measureItToolOnly &&
    user.applications.some((app) => CSR_APPLICATIONS.includes(app))
  );
}

/** A user who never had a state is Offline. */
export const OFFLINE: Omit<AgentStateNow, 'since'> = {
  state: 'Offline',
  reasonId: null,
  wrapUpUntil: null,
  callKey: null,
};

export type AgentEvent =
  /** The CSR's own choice from the header. */
  | { kind: 'choose'; state: 'Ready' }
  | { kind: 'choose'; state: 'Away'; reasonId: number }
  /** A call's screen opened it (or beat for it). */
  | { kind: 'callOpened'; callKey: string }
  /**
   * A call ended (End Call: `callKey` null, it always ends the call in hand) or its screen released it (cancel, leave,
   * close: only the call the state holds).
   */
  | { kind: 'callEnded'; callKey: string | null; wrapUpSeconds: number }
  /** The user's last session ended. */
  | { kind: 'signedOut' }
  /** A state set as it is. */
  | { kind: 'set'; state: AgentStateName; reasonId: number | null; wrapUpSeconds?: number }
  /** The phone system says the agent answered a call. */
  | { kind: 'phoneAnswered' }
  /** The phone system says the agent's call ended. */
  | { kind: 'phoneEnded'; wrapUpSeconds: number };

/**
 * The state as of `now`: a Wrap-up whose time has come is Ready since the instant it ended. Whoever reads the state
 * sees the same answer whether or not the change has been recorded yet.
 */
export function effectiveAgentState(current: AgentStateNow, now: Date): AgentStateNow {
  if (current.state === 'Wrap-up' && current.wrapUpUntil !== null && current.wrapUpUntil.getTime() <= now.getTime()) {
    return { state: 'Ready', reasonId: null, since: current.wrapUpUntil, wrapUpUntil: null, callKey: current.callKey };
  }
  return current;
}

/** What an event does to the (effective) current state. */
export type AgentTransition =
  /** Nothing to write. */
  | { kind: 'none' }
  /** Only the call the state follows changes: no new state, no history row. */
  | { kind: 'call'; callKey: string | null }
  /** A new state, recorded with its start. */
  | { kind: 'change'; next: AgentStateNow };

const change = (
  now: Date,
  state: AgentStateName,
  extra: Partial<Omit<AgentStateNow, 'state' | 'since'>> = {},
): AgentTransition => ({
  kind: 'change',
  next: { state, since: now, reasonId: null, wrapUpUntil: null, callKey: null, ...extra },
});

const wrapUpEnd = (now: Date, seconds: number): Date => new Date(now.getTime() + Math.max(0, seconds) * 1000);

/**
 * The rules of agent states (decision 076):
 * - the CSR picks Ready, or Away with a reason; picking what already holds changes nothing (a retried request);
 * - opening a call is On call, whatever the state was; a heartbeat of the call the state already follows changes
 *   nothing, so an Away picked during a call holds until the next call;
 * - ending a call in hand (On call) is Wrap-up for the configured time, then Ready; a call ended or released in any
 *   other state leaves the state as the CSR set it; a release of a call other than the one in hand changes nothing;
 * - the end of the user's last session is Offline;
 * - the phone's answered call is On call, as opening one is (the call screen that pops then only names the call); its
 *   ended call moves On call to Wrap-up keeping the call, so the screen's next heartbeat and its End Call change
 *   nothing more, and leaves any other state (an Away picked during the call, a repeat of the event) as it is.
 */
export function nextAgentState(current: AgentStateNow, event: AgentEvent, now: Date): AgentTransition {
  switch (event.kind) {
    case 'choose':
      if (event.state === 'Ready') {
        return current.state === 'Ready' ? { kind: 'none' } : change(now, 'Ready', { callKey: current.callKey });
      }
      if (current.state === 'Away' && current.reasonId === event.reasonId) return { kind: 'none' };
      return change(now, 'Away', { reasonId: event.reasonId, callKey: current.callKey });
    case 'callOpened':
      if (current.callKey === event.callKey) return { kind: 'none' };
      if (current.state === 'On call') return { kind: 'call', callKey: event.callKey };
      return change(now, 'On call', { callKey: event.callKey });
    case 'callEnded': {
      if (event.callKey !== null && current.callKey !== event.callKey) return { kind: 'none' };
      if (current.state === 'On call') {
        return change(now, 'Wrap-up', { wrapUpUntil: wrapUpEnd(now, event.wrapUpSeconds) });
      }
      return current.callKey === null ? { kind: 'none' } : { kind: 'call', callKey: null };
    }
    case 'signedOut':
      return current.state === 'Offline' ? { kind: 'none' } : change(now, 'Offline');
    case 'phoneAnswered':
      return current.state === 'On call' ? { kind: 'none' } : change(now, 'On call', { callKey: current.callKey });
    case 'phoneEnded':
      if (current.state !== 'On call') return { kind: 'none' };
      return change(now, 'Wrap-up', { wrapUpUntil: wrapUpEnd(now, event.wrapUpSeconds), callKey: current.callKey });
    case 'set': {
      const reasonId = event.state === 'Away' ? event.reasonId : null;
      if (current.state === event.state && current.reasonId === reasonId && event.state !== 'Wrap-up') {
        return { kind: 'none' };
      }
      return change(now, event.state, {
        reasonId,
        wrapUpUntil: event.state === 'Wrap-up' ? wrapUpEnd(now, event.wrapUpSeconds ?? DEFAULT_WRAP_UP_SECONDS) : null,
        callKey: event.state === 'On call' ? current.callKey : null,
      });
    }
  }
}

/** Seconds in the state as of `now` (never negative: a clock a little behind the server's reads 0). */
export function secondsInState(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
}

/** "m:ss" under an hour, "h:mm:ss" past it: the time in state as a floor shows it. */
export function formatTimeInState(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
