/** MeasureIt's map plumbing: imagery configuration and the address search (decision 037). */
export { registerMapsRoutes } from './routes.js';
