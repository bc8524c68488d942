/** The phone system: signed events and screen pops (decisions 074, 075). */
export { registerTelephonyRoutes } from './routes.js';
