export { registerAuthRoutes } from './routes.js';
export {
  beforePasswordCheck,
  clearPasswordFailures,
  hashPassword,
  recordPasswordFailure,
  unlockUsername,
  usernameTaken,
} from './service.js';
export { sessionUser, sessionUserById, userApplicationList } from './session-user.js';
export { createSession, endSession, setRefreshCookie, type NewSession } from './sessions.js';
