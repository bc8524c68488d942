/** MeasureIt's map plumbing: imagery configuration and the address search (issue 18 point 7; decision 037). */
export { registerMapsRoutes } from './routes.js';
