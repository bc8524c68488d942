export { registerUserRoutes } from './routes.js';
export { writeAudit, writeAudits, type AuditChange } from './audit.js';
