export { registerAssignmentRoutes } from './routes.js';
