export { registerCurrentCallRoutes } from './routes.js';
export { CALL_ACTIVE_MESSAGE, CALL_NOT_HELD_MESSAGE, releaseSessionCalls, requireCallHeld } from './locks.js';
export { customerRow, franchiseInScope, linkInfoEdit, recordCallCustomer } from './customer.js';
