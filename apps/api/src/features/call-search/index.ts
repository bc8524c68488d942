export { registerCallSearchRoutes } from './routes.js';
