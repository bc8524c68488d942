/** Agent states (decision 076): the header's state menu, and the call screen's word that a call opened or ended. */
export { AgentStateMenu } from './components/AgentStateMenu';
export { refreshAgentState } from './api/agentState';
export { STATE_COLOURS, stateLabel } from './model';
export { useTicker } from './components/useTicker';
