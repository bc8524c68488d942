/**
 * The call search (decision 033): GET /api/odata/GetSearchOutboundCalls as the screen sends it
 * (apps/web/src/features/call-search/model.ts: `Type in (…)`, `lastAccessDate ge/le` whole days, `callBackCSR eq`,
 * `callComplete` while "uncompleted" is off, one sort, 100 rows a page, `$count=true`) over 2,000,000 outbound rows
 * (call-history.ts). The direct SQL is the service's own (`searchStatements`): the page, then the count.
 */
import { CALL_SEARCH_COUNT_LIMIT, CallSearchQuery, routes } from '@cc/contract';
import { searchStatements, type SearchUser } from '../../apps/api/dist/features/call-search/service.js';
import type { Runner } from './database.js';
import type { Input, Scenario } from './scenarios.js';
import { statementsInput } from './scenario-support.js';

/** What the admin's search runs: every branch, every agent (CallSearch.AllAgents). */
const ADMIN: SearchUser = { userId: 1, permissions: ['permission:2:true'], scope: { kind: 'all' } };

/** The screen's view as query options (model.ts `filterOf`/`queryOf`), with a page of 100 and the count. */
interface View {
  types?: string[];
  from?: string;
  to?: string;
  agent?: number;
  branch?: string;
  sort: string;
  dir: 'asc' | 'desc';
}

function callSearchInput(view: View): Input {
  const parts: string[] = [];
  if (view.types?.length) parts.push(`Type in (${view.types.map((t) => `'${t}'`).join(',')})`);
  if (view.from) parts.push(`lastAccessDate ge ${view.from}`);
  if (view.to) parts.push(`lastAccessDate le ${view.to}`);
  if (view.agent !== undefined) parts.push(`callBackCSR eq ${view.agent}`);
  if (view.branch) parts.push(`branchNo eq '${view.branch}'`);
  parts.push('callComplete');
  const options = {
    $filter: parts.join(' and '),
    $orderby: `${view.sort} ${view.dir}`,
    $skip: '0',
    $top: '100',
    $count: 'true',
  };
  const statements = searchStatements(ADMIN, CallSearchQuery.parse(options), CALL_SEARCH_COUNT_LIMIT);
  const path = `${routes.searchOutboundCalls.path}?${new URLSearchParams(options).toString()}`;
  return statementsInput({ path }, [statements.rows, statements.count], statements.plan);
}

/** The day `days` before `now`, as the screen writes it (YYYY-MM-DD). */
const dayBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

const SORTS: [string, 'asc' | 'desc'][] = [
  ['lastAccessDate', 'desc'],
  ['LastName', 'asc'],
  ['cust_No', 'desc'],
  ['callBackCSRName', 'asc'],
  ['OutboundId', 'desc'],
  ['branchNo', 'asc'],
  ['FirstName', 'desc'],
  ['Type', 'asc'],
  ['agentName', 'desc'],
];

export async function callSearchScenarios(run: Runner, now = new Date()): Promise<Scenario[]> {
  const scenario = (name: string, views: View[]): Scenario => ({
    name: `call search: ${name}`,
    kind: 'call_search',
    user: 'admin',
    method: 'GET',
    path: routes.searchOutboundCalls.path,
    inputs: views.map(callSearchInput),
  });
  // Agents (the callback CSR the screen filters on) from the busiest to the quietest, and branches of every size.
  const { rows: agents } = await run.query(
    `select call_back_csr as id from outbound_calls where call_back_csr is not null
     group by 1 order by count(*) desc`,
    [],
  );
  const { rows: branches } = await run.query(
    `select branchno from outbound_calls group by 1 order by count(*) desc`,
    [],
  );
  const pick = <T>(list: T[], n: number) =>
    Array.from({ length: n }, (_, i) => list[Math.floor((i * (list.length - 1)) / Math.max(1, n - 1))]).filter(
      (x): x is T => x !== undefined,
    );
  const sorted = (i: number) => ({ sort: SORTS[i % SORTS.length]![0], dir: SORTS[i % SORTS.length]![1] });
  // A week to three months, ending today or further back; one, two or three call types.
  const ranges: [number, number, string[]][] = [
    [0, 7, ['Cancel']],
    [0, 31, ['Upsell']],
    [30, 61, ['CustomerSurvey', 'WebLead']],
    [0, 92, ['SkippedRounds']],
    [200, 230, ['Cancel', 'Upsell']],
    [400, 414, ['PropertyEval']],
    [7, 37, ['InboundFollowUp', 'CommercialLead', 'Extract']],
    [60, 150, ['WebLead']],
  ];
  return [
    scenario(
      'date range + type',
      ranges.map(([end, start, types], i) => ({
        types,
        from: dayBefore(now, start),
        to: dayBefore(now, end),
        ...sorted(i),
      })),
    ),
    scenario(
      'agent',
      pick(agents, 8).map((a, i) => ({ agent: Number(a.id), ...sorted(i + 3) })),
    ),
    scenario(
      'branch',
      pick(branches, 8).map((b, i) => ({ branch: String(b.branchno), ...sorted(i + 5) })),
    ),
  ];
}
