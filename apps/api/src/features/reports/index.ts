/** The supervisor's numbers (docs/decisions/082-report-definitions.md). */
export { registerReportRoutes } from './routes.js';
