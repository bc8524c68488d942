export { registerCurrentCallRoutes } from './routes.js';
export { CALL_ACTIVE_MESSAGE, releaseSessionCalls } from './locks.js';
export { CALL_NOT_HELD_MESSAGE, holdsCall, lockHeld, requireCallHeld } from './held.js';
export { customerRow, franchiseInScope } from './customer.js';
export { linkInfoEdit, recordCallCustomer } from './customer-edits.js';
export { requireCallInScope } from './scope.js';
export { agentName } from './history.js';
