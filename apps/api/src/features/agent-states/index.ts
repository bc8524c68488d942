/** Agent states (decision 076): Ready, On call, Wrap-up, Away, Offline, and their history. */
export { registerAgentStateRoutes } from './routes.js';
export { applyAgentEvent, setAgentState, settleLapsedSessions, settleWrapUps, stateOfRow } from './service.js';
export { agentSessionEnded } from './own-state.js';
