/**
 * GET /api/odata/GetSearchOutboundCalls (decision 033): the calls in the user's scope that match $filter, in the
 * order of $orderby (then by outbound id), $skip and $top of them, and with $count=true how many match in all.
 * Deleted calls are never found. Without CallSearch.AllAgents a user finds only the calls it worked last or holds
 * as a callback.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CallSearchQuery, CallSearchResponse, CallSearchRow } from '@cc/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { frozen } from '../../db/sql.js';
import { planned, type Plan } from '../../db/prepared.js';
import { outboundCalls as o } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { odataAnswer, odataOptions, readODataPage } from '../../lib/grid-query/odata-page.js';
import type { FilterExpr, OrderItem } from '../../lib/grid-query/odata.js';
import { equalsNumberBy } from '../../lib/grid-query/filter-facts.js';
import { pageWalk } from '../../lib/grid-query/page-walk.js';
import { toCsv } from '../../lib/csv-import/index.js';
import { CALL_SEARCH_GRID, FROM, ROW_COLUMNS } from './grid.js';
import { countedStatement } from './counts.js';
import { userConditions, type SearchUser } from './user.js';

export { type SearchUser } from './user.js';

type Query = z.output<typeof CallSearchQuery>;

/** The query options as SQL, or a 400 that names the option, what is wrong and where. */
function conditionsOf(query: Pick<Query, '$filter' | '$orderby'>): {
  filter: SQL;
  order: SQL;
  items: OrderItem[];
  complete: boolean | null;
  parsed: FilterExpr | null;
} {
  const { filter, items, where, order } = odataOptions(
    CALL_SEARCH_GRID,
    { filter: query.$filter, orderBy: query.$orderby },
    { reorder: byOneAgent },
  );
  return {
    filter: where,
    order,
    items,
    complete: CALL_SEARCH_GRID.pinned(filter, 'callComplete'),
    parsed: filter,
  };
}

/**
 * One agent's calls (`callBackCSR eq n`) all carry that agent's name: sorted by the agent's name alone, they are in
 * the order of their key, which an index serves from the agent's first call; the name's own index would be walked
 * past every other agent's calls first (decision 062).
 */
function byOneAgent(filter: FilterExpr | null, items: OrderItem[]): OrderItem[] {
  const only = items.length === 1 ? items[0]! : null;
  if (only?.field.toLowerCase() !== 'callbackcsrname') return items;
  if (!equalsNumberBy(filter, (name) => name.toLowerCase() === 'callbackcsr')) return items;
  return [{ ...only, field: 'OutboundId' }];
}

/**
 * The search's indexes are led by call_complete (decision 046): a search that says which calls (the screen's
 * default, completed only) reads that part alone; one that does not ("show uncompleted") reads the two parts apart.
 * Said explicitly, so that `not callComplete` (a coalesce in the filter's SQL) reaches the index too.
 */
const PARTS = { true: frozen(sql`${o.callComplete}`), false: frozen(sql`not ${o.callComplete}`) };
const partsOf = (complete: boolean | null): SQL[] =>
  complete === null ? [PARTS.true, PARTS.false] : [complete ? PARTS.true : PARTS.false];

/**
 * Up to `limit` matches in the grid's order (`select` names what to read of each): from one part, or, when the search
 * spans both, the first `limit` of each merged in that order, so each part is one walk of an index in the order.
 * `reverse`: in the opposite order (a page near the end, read from the end).
 */
function ordered(
  where: SQL,
  parts: SQL[],
  items: OrderItem[],
  select: SQL,
  limit: number,
  offset = 0,
  reverse = false,
): SQL {
  const order = CALL_SEARCH_GRID.orderBy(items, reverse);
  if (parts.length === 1) {
    return sql`select ${select} from ${FROM} where ${where} and ${parts[0]} order by ${order} limit ${limit} offset ${offset}`;
  }
  const keys = CALL_SEARCH_GRID.orderColumns(items, reverse);
  const each = parts.map(
    (part) =>
      sql`(select ${select}, ${keys.columns} from ${FROM} where ${where} and ${part} order by ${order} limit ${limit + offset})`,
  );
  return sql`select * from (${sql.join(each, sql` union all `)}) merged order by ${keys.orderBy} limit ${limit} offset ${offset}`;
}

/**
 * The statements of one search page: its rows (null for `$top=0` or past the end) and, with `$count=true`, its count
 * (else null); `counter` counts whether or not the count is asked for. `total`: the number of matches when known
 * exactly, so that a page in their last half is read from the end. Exported so that the benchmark runs exactly what
 * the API runs.
 */
export function searchStatements(
  user: SearchUser,
  query: Query,
  countLimit: number,
  total?: number,
): { rows: SQL | null; count: SQL | null; counter: SQL; exact: boolean; plan: Plan } {
  const { filter, order, items, complete, parsed } = conditionsOf(query);
  const counted = countedStatement(user, parsed);
  const where = sql.join([...userConditions(user), filter], sql` and `);
  const parts = partsOf(complete);
  const id = sql`${o.outboundId} as id`;
  // From the counts kept in advance (decision 047), or else counted up to one past the limit: past it, the answer
  // says "more than" (decision 039).
  const counter =
    counted ??
    sql`select count(*)::int as n from (${sql.join(
      parts.map((part) => sql`select 1 from ${FROM} where ${where} and ${part}`),
      sql` union all `,
    )} limit ${countLimit + 1}) m`;
  const walk = pageWalk(query.$skip, query.$top, total);
  return {
    exact: counted !== null,
    // The page's ids first, from the search's indexes alone; then only the page's rows are read (decision 039).
    rows:
      walk === null
        ? null
        : sql`select ${ROW_COLUMNS} from ${FROM}
            where ${o.outboundId} in (select id from (${ordered(where, parts, items, id, walk.limit, walk.offset, walk.reverse)}) page)
            order by ${order}`,
    count: query.$count === 'true' ? counter : null,
    counter,
    // Planned with its values every time (docs/decisions/098-call-search-index-only-names.md): the one plan
    // PostgreSQL may keep for any agent or branch read all of an agent's calls, or scanned in parallel, where the
    // plan made for that agent or branch reads a few hundred index entries.
    plan: 'with-values',
  };
}

/** The page, with `@odata.count` or `@cc.countMoreThan`. */
export async function searchCalls(ctx: AppContext, user: AuthUser, query: Query): Promise<CallSearchResponse> {
  const limit = ctx.config.callSearchCountLimit;
  const statements = searchStatements(user, query, limit);
  const db = planned(ctx.db, statements.plan);
  const page = await readODataPage(
    db,
    { skip: query.$skip, deepSkip: ctx.config.gridDeepSkip, countLimit: limit },
    statements,
    (total) => searchStatements(user, query, limit, total).rows,
    async (statement) => rowsOf<CallSearchRow>(await db.execute(statement)),
  );
  return odataAnswer(page);
}

/** The export's columns: the grid's, in its order, then the rest of the row. */
const EXPORT_COLUMNS: (keyof CallSearchRow)[] = [
  'OutboundId',
  'branchNo',
  'cust_No',
  'FirstName',
  'LastName',
  'callComplete',
  'Type',
  'lastAccessDate',
  'callBackCSRName',
  'agentName',
  'CallSource',
  'CallAttempts',
  'callOrigin',
  'CallStatus',
  'callBackDate',
  'SQLDBID',
];

/** Rows read at a time by the export. */
export const EXPORT_BATCH = 1000;

/**
 * Every match of the search, in its order, as CSV text in pieces (header first): read a batch at a time by key, so
 * memory stays flat and the last batch costs what the first does, however many calls match.
 */
export async function* exportCalls(
  ctx: AppContext,
  user: AuthUser,
  query: Pick<Query, '$filter' | '$orderby'>,
): AsyncGenerator<string> {
  const { filter, items, complete } = conditionsOf(query);
  const where = sql.join([...userConditions(user), filter], sql` and `);
  const parts = partsOf(complete);
  const select = sql`${ROW_COLUMNS}, ${CALL_SEARCH_GRID.sortKeys(items)}`;
  yield toCsv([EXPORT_COLUMNS]);
  let after: (string | null)[] | null = null;
  for (;;) {
    type Row = CallSearchRow & Record<string, unknown>;
    const from = after ? sql`${where} and ${CALL_SEARCH_GRID.after(items, after)}` : where;
    const page: Row[] = rowsOf<Row>(await ctx.db.execute(ordered(from, parts, items, select, EXPORT_BATCH)));
    if (page.length === 0) return;
    yield toCsv(page.map((row) => EXPORT_COLUMNS.map((column) => cell(row[column]))));
    if (page.length < EXPORT_BATCH) return;
    const last: Row = page[page.length - 1]!;
    after = Object.keys(last)
      .filter((k) => /^k\d+$/.test(k))
      .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
      .map((k) => last[k] as string | null);
  }
}

const cell = (value: unknown): string | number | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'boolean'
      ? String(value)
      : (value as string | number);
