export { registerSsoRoutes } from './routes.js';
export { logoutUrl } from './logins.js';
