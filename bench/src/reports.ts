/**
 * The supervisor's report (docs/decisions/082-report-definitions.md): GET /api/supervisor/reports as the screen sends
 * it, 30 days by CSR per day for every CSR (the admin's scope), over the year of calls and states of
 * report-history.ts. Eight windows of 30 days, ending today and further back. The direct SQL is the service's own
 * two statements (calls, states), run in turn where the API runs them at once.
 */
import { routes } from '@cc/contract';
import { addDays, floorPeriods } from '@cc/domain';
import { callFigures, stateFigures } from '../../apps/api/dist/features/reports/sql.js';
import type { Scenario } from './scenarios.js';
import { ADMIN_SCOPE, statementsInput } from './scenario-support.js';

export const REPORT_SCENARIO = 'report: 30 days, every CSR, per day [admin]';

/** Days back of each window's last day. */
const ENDS = [0, 1, 7, 30, 61, 120, 200, 300];

export function reportScenario(now = new Date()): Scenario {
  const today = floorPeriods(now).today;
  return {
    name: REPORT_SCENARIO,
    kind: 'report',
    user: 'admin',
    method: 'GET',
    path: routes.report.path,
    inputs: ENDS.map((back) => {
      const range = {
        from: addDays(today, -back - 29),
        to: addDays(today, -back),
        groupBy: 'csr',
        interval: 'day',
      } as const;
      const path = `${routes.report.path}?${new URLSearchParams(range).toString()}`;
      return statementsInput({ path }, [callFigures(ADMIN_SCOPE, range), stateFigures(ADMIN_SCOPE, range, now)]);
    }),
  };
}
