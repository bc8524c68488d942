export { registerAuthRoutes } from './routes.js';
export {
  beforePasswordCheck,
  clearPasswordFailures,
  hashPassword,
  recordPasswordFailure,
  usernameTaken,
} from './service.js';
export { sessionUser, sessionUserById, userApplicationList } from './session-user.js';
export { endSession } from './sessions.js';
