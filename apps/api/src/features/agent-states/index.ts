/** Agent states (decision 076): Ready, On call, Wrap-up, Away, Offline, and their history. */
export { registerAgentStateRoutes } from './routes.js';
export {
  agentLock,
  applyAgentEvent,
  setAgentState,
  settleLapsedSessions,
  settleWrapUps,
  stateOfRow,
} from './service.js';
export { agentSessionEnded } from './own-state.js';
export { isCsrUser } from './csr.js';
