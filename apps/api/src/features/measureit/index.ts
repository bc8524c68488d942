/** MeasureIt's calls: properties, by-address measurements and commercial leads (decision 036). */
export { registerMeasureItRoutes } from './routes.js';
