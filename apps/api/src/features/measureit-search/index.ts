/** MeasureIt search, statistics, reasons on a selection and custom search lists (decision 041). */
export { registerMeasureItSearchRoutes } from './routes.js';
