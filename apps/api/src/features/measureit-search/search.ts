/**
 * The MeasureIt search (decision 041): a page of properties and its count, by the POST calls and by the
 * OData grid. The page's ids are chosen first and only they are read in full (decision 039); the count is summed from
 * the counts kept in advance (counts.ts), or, for a filter those do not cover, stops one past the limit. Every statement carries the caller's scope: a franchise user asking for another franchise's
 * branch gets no rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type MeasureItODataQuery,
  type MeasureItODataResponse,
  type MeasureItPropertyRow,
  MeasureItSearchFilter,
} from '@cc/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { odataAnswer, odataOptions, readODataPage, type ODataPage } from '../../lib/grid-query/odata-page.js';
import type { OrderItem } from '../../lib/grid-query/odata.js';
import { pageWalk } from '../../lib/grid-query/page-walk.js';
import { countable, countedSearchStatement } from './counts.js';
import { FROM, searchConditions, searchGrid, type SearchFilter } from './grid.js';

/** The grid's order when the screen names none: street by street (zip, then street address). */
export const DEFAULT_ORDER: OrderItem[] = [
  { field: 'zip', dir: 'asc', at: 0 },
  { field: 'streetAddress', dir: 'asc', at: 0 },
];

export interface PageInput {
  filter: SearchFilter;
  odataFilter?: string | undefined;
  orderBy?: string | undefined;
  orderOption?: '$orderby' | 'orderBy';
  skip: number;
  top: number;
}

type SearchUser = Pick<AuthUser, 'userId' | 'scope'>;

/**
 * The statements of one page and its count (either null when not asked; `counter` counts whether or not the count is
 * asked for). `total`: the number of matches when known exactly, so that a page in their last half is read from the
 * end (decision 051). Exported so that the benchmark runs exactly what the API runs.
 */
export function searchStatements(
  ctx: Pick<AppContext, 'config' | 'now'>,
  user: SearchUser,
  input: PageInput,
  options: { rows: boolean; count: boolean },
  total?: number,
): { rows: SQL | null; count: SQL | null; counter: SQL; exact: boolean } {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.measureItLockSeconds * 1000);
  const { grid, columns } = searchGrid(user.userId, cutoff);
  const {
    items,
    where: extra,
    order,
  } = odataOptions(
    grid,
    { filter: input.odataFilter, orderBy: input.orderBy },
    { defaultOrder: DEFAULT_ORDER, orderOption: input.orderOption ?? '$orderby' },
  );
  const where = sql`${searchConditions(user.scope, input.filter)} and ${extra}`;
  const limit = ctx.config.measureItSearchCountLimit;
  // The usual search (franchise, zips, mode, proximity) is counted exactly from the counts kept in advance; one with
  // a date range, a custom list or an OData filter counts its matches, up to the limit.
  const exact = countable(input.filter, input.odataFilter);
  const counter = exact
    ? countedSearchStatement(user.scope, input.filter)
    : sql`select count(*)::int as n from (select 1 from ${FROM} where ${where} limit ${limit + 1}) m`;
  const walk = options.rows ? pageWalk(input.skip, input.top, total) : null;
  return {
    exact,
    rows:
      walk === null
        ? null
        : sql`select ${columns} from ${FROM}
            where p.property_id in (select p.property_id from ${FROM} where ${where}
              order by ${walk.reverse ? grid.orderBy(items, true) : order} limit ${walk.limit} offset ${walk.offset})
            order by ${order}`,
    count: options.count ? counter : null,
    counter,
  };
}

export async function searchPage(
  ctx: AppContext,
  user: SearchUser,
  input: PageInput,
  options: { rows: boolean; count: boolean },
): Promise<ODataPage<MeasureItPropertyRow>> {
  const statements = searchStatements(ctx, user, input, options);
  return readODataPage(
    ctx.db,
    { skip: input.skip, deepSkip: ctx.config.gridDeepSkip, countLimit: ctx.config.measureItSearchCountLimit },
    statements,
    (total) => searchStatements(ctx, user, input, options, total).rows,
    async (statement) => rowsOf<MeasureItPropertyRow>(await ctx.db.execute(statement)),
  );
}

/** GET /api/odata/GetMeasureItProperties: the filters from the query string, then OData's options. */
export async function odataSearch(
  ctx: AppContext,
  user: AuthUser,
  query: z.output<typeof MeasureItODataQuery>,
): Promise<MeasureItODataResponse> {
  const zips = (query.zips ?? '')
    .split(',')
    .map((z) => z.trim())
    .filter(Boolean);
  const filter = MeasureItSearchFilter.safeParse({
    branchNo: query.branchNo ?? null,
    zips,
    mode: query.mode,
    proximity: query.proximity,
    statusDateFrom: query.statusDateFrom,
    statusDateTo: query.statusDateTo,
    customSearchListId: query.customSearchListId,
  });
  if (!filter.success) {
    const issue = filter.error.issues[0];
    throw badRequest(String(issue?.path[0] ?? 'filter'), issue?.message ?? 'is invalid');
  }
  const page = await searchPage(
    ctx,
    user,
    { filter: filter.data, odataFilter: query.$filter, orderBy: query.$orderby, skip: query.$skip, top: query.$top },
    { rows: true, count: query.$count === 'true' },
  );
  return odataAnswer(page);
}
