/**
 * The scenarios: what a CSR does on the inbound screen, with inputs taken from the loaded data. Each
 * input carries its HTTP body and the very statements the API runs for it, built by the API's own code
 * (searchConditions, searchRowsQuery, searchCountQuery, autocompleteQuery, zipServiceQuery). The call search, the
 * MeasureIt search, pricing and the end call have files of their own.
 */
import { narrowScope, OUTBOUND_CALL_TYPES, type Scope } from '@cc/domain';
import { AutocompleteRequest, INBOUND_FIRST_VIEW, InboundSearchRequest, routes } from '@cc/contract';
import {
  INBOUND_ROW_LIMIT,
  autocompletePlan,
  autocompleteQuery,
  searchConditions,
  searchCountQuery,
  searchRowsQuery,
} from '../../apps/api/dist/features/inbound/search.js';
import {
  countsQuery,
  listConditions,
  listPageQuery,
  listTotalQuery,
} from '../../apps/api/dist/features/outbound/lists.js';
import { zipServiceQuery } from '../../apps/api/dist/features/inbound/service.js';
import { groupsOfOthersQuery } from '../../apps/api/dist/features/outbound/service.js';
import type { Plan } from '../../apps/api/dist/db/prepared.js';
import type { Runner } from './database.js';
import { callSearchScenarios } from './call-search.js';
import { endCallScenario } from './end-call.js';
import { measureItSearchScenarios } from './measureit-search.js';
import { pricingScenario } from './pricing.js';
import { reportScenario } from './reports.js';
import {
  ADMIN_SCOPE,
  column,
  compile,
  franchiseAccount,
  noStatements,
  queriesInput,
  records,
  spread,
  statementsInput,
} from './scenario-support.js';

/** reference: no budget, no SQL of its own; shows the floor the machine gives at the moment. */
export type Kind =
  | 'search'
  | 'call_search'
  | 'measureit_search'
  | 'measureit_large_page'
  | 'autocomplete'
  | 'zip_validation'
  | 'outbound'
  | 'pricing'
  | 'end_call'
  | 'report'
  | 'reference';

export interface Query {
  sql: string;
  params: unknown[];
  /** How the API has it planned (apps/api/src/db/prepared.ts, `planned`), when not PostgreSQL's own choice. */
  plan?: Plan;
}

export interface Input {
  body: Record<string, unknown> | null;
  /** The request path of this input when it differs from the scenario's (a GET with its own query). */
  path?: string;
  /** Run the statements the API runs for this input, in order; returns them (for EXPLAIN). */
  execute(run: Runner): Promise<Query[]>;
}

export interface Scenario {
  name: string;
  kind: Kind;
  /** The account whose token is sent, or null for an unauthenticated call. */
  user: string | null;
  method: 'GET' | 'POST';
  path: string;
  inputs: Input[];
  /** Connections of this scenario's load when not the run's (BENCH_CONNECTIONS). */
  connections?: number;
  /** Every request (preflight, warm-up and load) carries a new idempotency key. */
  newKeyPerRequest?: boolean;
  /** No direct-SQL timing: the scenario is a whole command, not statements the bench can replay. */
  noDirectSql?: boolean;
  /**
   * A request sent before each request of the scenario, for the same input, on the same connection (so answered
   * first) and not timed: ending a call needs the call held, so the end-call scenario opens it first (call-active),
   * as the call screen does. The inputs are shared out among the connections, so that no two hold one call at once;
   * there must be at least as many inputs as connections.
   */
  before?: { path: string; body(input: Record<string, unknown>): Record<string, unknown> };
  /** Checks through the API before the load (throws when the inputs do not give what the scenario claims). */
  check?(api: (path: string, body: unknown) => Promise<unknown>): Promise<string>;
}

/**
 * A search as the inbound screen sends it: the criteria and the grid's first page (25 rows, by branch then customer
 * number); the direct SQL is the service's, split the same way (features/inbound/service.ts).
 */
function searchInput(criteria: Record<string, string>, scope: Scope): Input {
  const body = { ...criteria, ...INBOUND_FIRST_VIEW };
  const { page, pageSize, sort, dir, filters, ...parsed } = InboundSearchRequest.parse(body);
  const where = searchConditions(parsed, scope);
  return {
    body,
    async execute(run) {
      const rows = compile(searchRowsQuery(where, { page, pageSize, sort, dir, filters }));
      const result = await run.query(rows.sql, rows.params, 'auto');
      if (Number(result.rows[0]?.matched ?? 0) <= INBOUND_ROW_LIMIT) return [rows];
      const count = compile(searchCountQuery(where, parsed, scope));
      await run.query(count.sql, count.params, 'auto');
      return [rows, count];
    },
  };
}

/** Format a 10-digit phone as people type it, in a few ways. */
function asTyped(digits: string, i: number): string {
  switch (i % 3) {
    case 0:
      return digits;
    case 1:
      return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    default:
      return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
}

/** The search scenarios for one user: inputs drawn from the customers that user can see. */
async function searchScenarios(
  run: Runner,
  user: string,
  path: string,
  scope: Scope,
  branches: string[] | null,
): Promise<Scenario[]> {
  const inScope = branches ? `branchno in (${branches.map((b) => `'${b}'`).join(', ')})` : 'true';
  const tag = branches ? ` [${user}]` : '';
  const scenario = (name: string, criteria: Record<string, string>[]): Scenario => ({
    name: name + tag,
    kind: 'search',
    user,
    method: 'POST',
    path,
    inputs: criteria.map((c) => searchInput(c, scope)),
  });

  const phones = await column(
    run,
    `select coalesce(nullif(home_phone, ''), cell_phone) ${spread(`${inScope} and (home_phone <> '' or cell_phone <> '')`)}`,
  );
  const rarePrefixes = !branches
    ? []
    : await column(
        run,
        `select p from (select lower(left(last_name, 4)) as p, count(*) as n from customers where ${inScope} group by 1) x
     where n between 5 and ${INBOUND_ROW_LIMIT} and length(p) = 4 order by md5(p) limit 8`,
      );
  const names = await records(run, `select first_name, last_name ${spread(inScope)}`);
  const zipNames = await records(run, `select zip, last_name ${spread(`${inScope} and customer_no % 3 = 0`)}`);
  const numbers = await column(run, `select customer_no ${spread(`${inScope} and customer_no % 5 = 0`)}`);
  const storyPhone = branches ? [] : ['630-555-0142'];
  return [
    scenario(
      'search: phone',
      [...storyPhone, ...phones].slice(0, 8).map((p, i) => ({ phone: asTyped(p.replace(/\D/g, ''), i) })),
    ),
    scenario(
      'search: last-name prefix, rare',
      // Every generated surname has over 500 holders at a million customers; the rare ones are the story customers'.
      (branches ? rarePrefixes : ['thor', 'okon', 'bren', 'pick', 'lindg', 'wiśn']).map((p) => ({ lastname: p })),
    ),
    scenario(
      'search: last-name prefix, common',
      ['smi', 'joh', 'wil', 'bro', 'jon', 'mil', 'dav', 'gar'].map((p) => ({ lastname: p })),
    ),
    scenario('search: first + last name', [
      { firstname: 'james', lastname: 'smith' },
      ...names.slice(0, 7).map((n) => ({ firstname: n.first_name ?? '', lastname: n.last_name ?? '' })),
    ]),
    scenario(
      'search: street fragment',
      ['ogden', 'wthor', 'amara', 'hitet', 'unipe', 'edbu', 'uail r', 'lberr'].map((s) => ({ streetnm: s })),
    ),
    scenario(
      'search: zip + last name',
      zipNames.map((n) => ({ zip: n.zip ?? '', lastname: n.last_name ?? '' })),
    ),
    scenario(
      'search: customer number',
      [...(branches ? [] : ['1001']), ...numbers].slice(0, 8).map((n) => ({ cust_no: n })),
    ),
  ];
}

/** Calls with no search SQL: the HTTP floor, and the floor of a signed-in call (its session check alone). */
const REFERENCES: Scenario[] = [
  {
    name: 'reference: client config (no database)',
    kind: 'reference',
    user: null,
    method: 'GET',
    path: routes.clientConfig.path,
    inputs: [{ body: null, execute: noStatements }],
  },
  {
    name: 'reference: format address (sign-in check only)',
    kind: 'reference',
    user: 'admin',
    method: 'POST',
    path: routes.formatAddress.path,
    inputs: [
      {
        body: {
          preDir: 'W',
          streetNo: '1420',
          streetNm: 'Ogden',
          suffix: 'Ave',
          city: 'Naperville',
          state: 'IL',
          zip: '60540',
        },
        execute: noStatements,
      },
    ],
  },
];

/**
 * The outbound screen: a page of 25 of each call type's list (the screen's default sort, and a second page
 * sorted by last name), and the counts of every list, for admin (all), csr.cof (company-owned lists) and
 * csr.franchise (independent lists of its branches). Each request first reads the groups routed to other CSRs
 * (decision 031), as the API does.
 */
export async function outboundScenarios(run: Runner): Promise<Scenario[]> {
  const users: { user: string; variant: 'general' | 'cof' | 'ind'; scope: Scope; list: string; counts: string }[] = [
    { user: 'admin', variant: 'general', scope: ADMIN_SCOPE, list: 'outbound', counts: routes.outboundCounts.path },
    {
      user: 'csr.cof',
      variant: 'cof',
      scope: { kind: 'designation', designation: 'COF' },
      list: 'outboundcof',
      counts: routes.outboundCofCounts.path,
    },
    {
      user: 'csr.franchise',
      variant: 'ind',
      scope: narrowScope({ kind: 'branches', branches: franchiseAccount().branches }, 'ind'),
      list: 'outboundind',
      counts: routes.outboundIndCounts.path,
    },
  ];
  const scenarios: Scenario[] = [];
  for (const u of users) {
    const { rows } = await run.query(`select user_id from users where username = $1`, [u.user]);
    const userId = Number(rows[0]?.user_id);
    const groups = (type?: string) => groupsOfOthersQuery({ userId, scope: u.scope }, type);
    const inputs: Input[] = [];
    for (const t of OUTBOUND_CALL_TYPES) {
      const filter = { type: t.CallTypeName, scope: u.scope };
      const where = listConditions(filter);
      const routed = groups(t.CallTypeName);
      inputs.push(
        statementsInput({ path: `/api/call-center/${u.list}/${t.CallTypeName}?page=1&pageSize=25` }, [
          routed,
          listPageQuery(where, 'callBackDate', 'asc', 1, 25),
          listTotalQuery(filter),
        ]),
        statementsInput(
          { path: `/api/call-center/${u.list}/${t.CallTypeName}?page=2&pageSize=25&sort=LastName&dir=desc` },
          [routed, listPageQuery(where, 'LastName', 'desc', 2, 25), listTotalQuery(filter)],
        ),
      );
    }
    scenarios.push({
      name: `outbound: list page of 25 [${u.user}]`,
      kind: 'outbound',
      user: u.user,
      method: 'GET',
      path: `/api/call-center/${u.list}/Cancel`,
      inputs,
    });
    scenarios.push({
      name: `outbound: all counts [${u.user}]`,
      kind: 'outbound',
      user: u.user,
      method: 'GET',
      path: u.counts,
      inputs: [statementsInput({ path: u.counts }, [groups(), countsQuery(u.scope)])],
    });
  }
  return scenarios;
}

export async function buildScenarios(
  run: Runner,
  options: { franchise: boolean; endCallConnections: number },
): Promise<Scenario[]> {
  const scenarios = [...REFERENCES, ...(await outboundScenarios(run))];
  scenarios.push(...(await searchScenarios(run, 'admin', routes.searchCustomers.path, ADMIN_SCOPE, null)));

  const addresses = await column(run, `select lower(left(full_address, 9)) ${spread('customer_no % 11 = 0', 7)}`);
  scenarios.push({
    name: 'autocomplete',
    kind: 'autocomplete',
    user: 'admin',
    method: 'POST',
    path: routes.autocompleteAddress.path,
    // First keystrokes too: the screen asks for suggestions from the first character typed.
    inputs: ['1420 w og', '1', '42', ...addresses].map((typed) => {
      const body = AutocompleteRequest.parse({ input: typed });
      const statement = compile(autocompleteQuery(ADMIN_SCOPE, body.input, body.limit));
      return queriesInput({ body: { input: typed } }, [{ ...statement, plan: autocompletePlan(ADMIN_SCOPE) }]);
    }),
  });

  const zips = await column(
    run,
    `select zip from (select distinct zip from service_areas) z order by md5(zip) limit 8`,
  );
  scenarios.push({
    name: 'zip validation',
    kind: 'zip_validation',
    user: 'admin',
    method: 'POST',
    path: routes.validateZipCode.path,
    inputs: zips.map((zip) => statementsInput({ body: { zip } }, [zipServiceQuery(ADMIN_SCOPE, { zip })])),
  });

  scenarios.push(await pricingScenario(run));
  scenarios.push(...(await callSearchScenarios(run)));
  scenarios.push(...(await measureItSearchScenarios(run)));
  scenarios.push(reportScenario());

  if (options.franchise) {
    const account = franchiseAccount();
    const scope = narrowScope({ kind: 'branches', branches: account.branches }, 'ind');
    scenarios.push(
      ...(await searchScenarios(run, account.username, routes.searchIndCustomers.path, scope, account.branches)),
    );
  }
  // Last: it writes (a call, an order and an email per request).
  scenarios.push(await endCallScenario(run, options.endCallConnections));
  return scenarios;
}
