export { registerUserRoutes } from './routes.js';
export { writeAudit, type AuditChange } from './audit.js';
