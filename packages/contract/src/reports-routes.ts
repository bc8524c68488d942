/**
 * Route-table rows of the supervisor's numbers (spread into `routes` in routes.ts;
 * docs/decisions/082-report-definitions.md): the supervisor rule (roles 2, 5, 6, 7; role 1 passes), and within the
 * caller's scope of branches.
 */
import { ACCESS } from '@cc/domain';
import { ReportCsv, ReportQuery, ReportResponse } from './reports.js';

export const reportRoutes = {
  report: {
    method: 'GET',
    path: '/api/supervisor/reports',
    access: ACCESS.supervisor,
    query: ReportQuery,
    response: ReportResponse,
  },
  /** The same figures as CSV (text/csv), a cell that would start a formula made text. */
  reportCsv: {
    method: 'GET',
    path: '/api/supervisor/reports/export',
    access: ACCESS.supervisor,
    query: ReportQuery,
    response: ReportCsv,
  },
} as const;
