/** MeasureIt's calls: properties, by-address measurements and commercial leads (issue 18; decision 036). */
export { registerMeasureItRoutes } from './routes.js';
