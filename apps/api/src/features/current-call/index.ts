export { registerCurrentCallRoutes } from './routes.js';
export { CALL_ACTIVE_MESSAGE, releaseSessionCalls } from './locks.js';
export { customerRow, franchiseInScope, linkInfoEdit, recordCallCustomer } from './customer.js';
