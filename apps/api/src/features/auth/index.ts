export { registerAuthRoutes } from './routes.js';
export { hashPassword, usernameTaken } from './service.js';
export { sessionUser, sessionUserById, userApplicationList } from './session-user.js';
