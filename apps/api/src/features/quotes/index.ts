export { registerQuotesRoutes } from './routes.js';
