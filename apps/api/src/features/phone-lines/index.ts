/** The phone lines: which branch each dialled number belongs to (decision 081). */
export { registerPhoneLineRoutes } from './routes.js';
