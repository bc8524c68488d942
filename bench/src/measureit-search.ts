/**
 * The MeasureIt search (decision 041): GET /api/odata/GetMeasureItProperties as the search screen
 * sends it (a franchise, its mode, a zip list or not, a New Neighbor date range or not, a page of 25 or of 500, one sort,
 * `$count=true`) and POST /api/MeasureIt/GetPitStatistics for a franchise, over every generated property and
 * neighbour. The direct SQL is the service's own (`searchStatements`): the page, then the count.
 */
import { MEASUREIT_SEARCH_COUNT_LIMIT, MeasureItSearchFilter, routes, type MeasureItMode } from '@cc/contract';
import { searchStatements } from '../../apps/api/dist/features/measureit-search/search.js';
import { pitStatisticsStatement } from '../../apps/api/dist/features/measureit-search/counts.js';
import type { Runner } from './database.js';
import type { Input, Scenario } from './scenarios.js';
import { statementsInput } from './scenario-support.js';

/** The admin's search: every branch (scope all), as the load's `admin` token. */
const ADMIN = { userId: 1, scope: { kind: 'all' as const } };
/** What the statements read of the app's context: the count limit and the lock time. */
const CONTEXT = {
  config: { measureItSearchCountLimit: MEASUREIT_SEARCH_COUNT_LIMIT, measureItLockSeconds: 1800 },
  now: () => new Date(),
} as unknown as Parameters<typeof searchStatements>[0];

interface View {
  branchNo: string;
  mode: MeasureItMode;
  zips?: string[];
  from?: string;
  to?: string;
  sort: string;
  top: number;
}

function searchInput(view: View): Input {
  const options: Record<string, string> = {
    branchNo: view.branchNo,
    mode: view.mode,
    $orderby: view.sort,
    $skip: '0',
    $top: String(view.top),
    $count: 'true',
  };
  if (view.zips?.length) options.zips = view.zips.join(',');
  if (view.from) options.statusDateFrom = view.from;
  if (view.to) options.statusDateTo = view.to;
  const filter = MeasureItSearchFilter.parse({
    branchNo: view.branchNo,
    mode: view.mode,
    zips: view.zips ?? [],
    statusDateFrom: view.from,
    statusDateTo: view.to,
  });
  const statements = searchStatements(
    CONTEXT,
    ADMIN,
    { filter, orderBy: view.sort, skip: 0, top: view.top },
    { rows: true, count: true },
  );
  const path = `${routes.measureItODataProperties.path}?${new URLSearchParams(options).toString()}`;
  return statementsInput({ path }, [statements.rows, statements.count]);
}

/** The statistics' statement as the API builds it (statistics.ts), for one branch and its zips. */
function statisticsInput(branchNo: string, zips: string[]): Input {
  return statementsInput({ body: { branchNo, zips } }, [pitStatisticsStatement(ADMIN.scope, branchNo, zips)]);
}

const SORTS = [
  'zip asc,streetAddress asc',
  'lastName asc',
  'custNo desc',
  'yearBuilt desc',
  'squareFeet desc',
  'statusDate desc',
  'city asc',
  'streetAddress desc',
];
const MODES: MeasureItMode[] = ['Unmeasured', 'NotMeasured', 'Measured', 'Both'];

export async function measureItSearchScenarios(run: Runner, now = new Date()): Promise<Scenario[]> {
  const { rows: branches } = await run.query(
    `select branchno from measured_properties group by 1 order by count(*) desc`,
    [],
  );
  const pick = <T>(list: T[], n: number) =>
    [
      ...new Set(Array.from({ length: n }, (_, i) => list[Math.floor((i * (list.length - 1)) / Math.max(1, n - 1))])),
    ].filter((x): x is T => x !== undefined);
  const chosen = pick(
    branches.map((b) => String(b.branchno)),
    4,
  );
  const zipsOf = async (branchNo: string) =>
    (
      await run.query(
        `select left(zip, 5) as z from measured_properties where branchno = $1 group by 1 order by count(*) desc limit 3`,
        [branchNo],
      )
    ).rows.map((r) => String(r.z));
  const day = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  // The screen's default page (25 rows) in every mode, without and with a zip list and a New Neighbor date range,
  // under every sort: what the 60 ms p95 target is for. The grid's larger pages (500 rows, about 250 KB each) are a
  // scenario of their own (decision 050), so that neither hides the other.
  const views: View[] = [];
  const large: View[] = [];
  for (const [i, branchNo] of chosen.entries()) {
    const zips = await zipsOf(branchNo);
    for (const [j, mode] of MODES.entries()) {
      const sort = (k: number) => SORTS[(i + j + k) % SORTS.length]!;
      views.push({ branchNo, mode, sort: sort(0), top: 25 });
      views.push({ branchNo, mode, zips, sort: sort(3), top: 25 });
      views.push({ branchNo, mode, from: day(90), to: day(0), sort: sort(5), top: 25 });
      large.push({ branchNo, mode, zips, sort: sort(1), top: 500 });
      large.push({ branchNo, mode, sort: sort(6), top: 500 });
    }
  }
  const statistics: Input[] = [];
  for (const branchNo of chosen) {
    statistics.push(statisticsInput(branchNo, []), statisticsInput(branchNo, await zipsOf(branchNo)));
  }
  return [
    {
      name: 'measureit search: pages of 25, mode, zips, New Neighbor dates, any sort',
      kind: 'measureit_search',
      user: 'admin',
      method: 'GET',
      path: routes.measureItODataProperties.path,
      inputs: views.map(searchInput),
    },
    {
      name: 'measureit search: pages of 500, mode, zips or none, any sort',
      kind: 'measureit_large_page',
      user: 'admin',
      method: 'GET',
      path: routes.measureItODataProperties.path,
      inputs: large.map(searchInput),
    },
    {
      name: 'measureit statistics: a franchise',
      kind: 'measureit_search',
      user: 'admin',
      method: 'POST',
      path: routes.measureItPitStatistics.path,
      inputs: statistics,
    },
  ];
}
