/** The supervisor's numbers (docs/decisions/082-report-definitions.md); the page itself is loaded lazily. */
export const REPORTS_PATH = '/call-center/reports';
