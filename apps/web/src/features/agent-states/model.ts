/** How the header and the floor show an agent state (decision 076). */
import type { AgentStateName } from '@cc/domain';

/** A Mantine colour per state: green Ready, blue On call, violet Wrap-up, orange Away, grey Offline. */
export const STATE_COLOURS: Record<AgentStateName, string> = {
  Ready: 'green',
  'On call': 'blue',
  'Wrap-up': 'violet',
  Away: 'orange',
  Offline: 'gray',
};

/** "Away: Lunch", or the state's name. */
export function stateLabel(state: AgentStateName, reason: string): string {
  return state === 'Away' && reason ? `Away: ${reason}` : state;
}

/**
 * Milliseconds until a Wrap-up is due to end by the server's clock (`asOf` is when it answered), at least one second,
 * or null when nothing ends by itself.
 */
export function msUntilWrapUpEnds(state: { wrapUpUntil: string | null; asOf: string }): number | null {
  if (!state.wrapUpUntil) return null;
  return Math.max(1000, new Date(state.wrapUpUntil).getTime() - new Date(state.asOf).getTime() + 250);
}
