export { registerOutboundImportRoutes } from './routes.js';
export { activeFranchises } from './franchises.js';
