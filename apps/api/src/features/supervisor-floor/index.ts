/** The supervisor's live view of the floor (issue 17 point 3; decision 035). */
export { registerSupervisorFloorRoutes } from './routes.js';
export type { FloorHub } from './hub.js';
