export { registerCurrentCallRoutes } from './routes.js';
export {
  CALL_ACTIVE_MESSAGE,
  CALL_NOT_HELD_MESSAGE,
  holdsCall,
  lockHeld,
  releaseSessionCalls,
  requireCallHeld,
} from './locks.js';
export { customerRow, franchiseInScope } from './customer.js';
export { linkInfoEdit, recordCallCustomer } from './customer-edits.js';
export { requireCallInScope } from './scope.js';
export { agentName } from './history.js';
