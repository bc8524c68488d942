export { registerOutboundImportRoutes } from './routes.js';
