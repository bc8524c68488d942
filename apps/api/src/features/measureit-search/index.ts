/** MeasureIt search, statistics, reasons on a selection and custom search lists (issue 19; decision 041). */
export { registerMeasureItSearchRoutes } from './routes.js';
