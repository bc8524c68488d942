/** The supervisor's live view of the floor (decision 035). */
export { registerSupervisorFloorRoutes } from './routes.js';
export type { FloorHub } from './hub.js';
