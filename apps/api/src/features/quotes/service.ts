/**
 * All Quotes: the orders in the caller's scope (by the order's branch), paged, sorted and searched, and one order
 * with its lines and discounts. See docs/decisions (all-quotes) for the routes, the search and the indexes.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { parseQuoteSearch, type QuoteSearch, type Scope } from '@cc/domain';
import type { QuoteDetail, QuoteRow, QuotesQuery, QuotesResponse, QuoteSortField } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { callTime, frozen, startsWith, userName } from '../../db/sql.js';
import { customers as c, orderCounts as oc, orders as o } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { cursorKeys, nextCursor, pageIds } from '../../lib/grid-query/cursor-page.js';
import { defineGrid } from '../../lib/grid-query/grid.js';

type ListQuery = z.output<typeof QuotesQuery>;

/** The row with its contract names; money as dollars. */
const ROW_COLUMNS = frozen(sql`
  ${o.orderId} as "id", ${o.sqldbid} as "sqldbid", ${o.customerNo} as "customerNo",
  ${o.customerFirstName} as "customerFirstName", ${o.customerLastName} as "customerLastName",
  ${o.branchNo} as "branchNo",
  coalesce((select f.compname from franchises f where f.branchno = ${o.branchNo}), '') as "franchiseName",
  ${o.orderType} as "orderType", ${o.orderStatus} as "orderStatus", ${o.isPrepay} as "isPrepay",
  ${o.isAutopay} as "isAutopay", ${o.subTotal}::float8 as "subTotal", ${o.tax}::float8 as "tax",
  ${o.total}::float8 as "total", ${o.source} as "source", ${o.title} as "title", ${o.serviceYear} as "serviceYear",
  ${callTime(o.createdAt)} as "created", ${callTime(o.updatedAt)} as "updated"`);

const lastName = sql`(lower(${o.customerLastName}) collate "C")`;
const firstName = sql`(lower(${o.customerFirstName}) collate "C")`;

/**
 * All Quotes' sorts as a grid (decision 034): each sorts by the columns of its index (migration 0014), in that
 * order, and ends with the order id, so a page's order is total and paging never repeats or skips an order.
 * Descending is the same columns backwards (a backward index scan); none of them is ever null.
 */
export const QUOTES_GRID = defineGrid<QuoteSortField>({
  fields: {
    updated: { sql: sql`${o.updatedAt}`, type: 'datetime' },
    created: { sql: sql`${o.createdAt}`, type: 'datetime' },
    total: { sql: sql`${o.total}`, type: 'number' },
    customer: {
      sql: lastName,
      type: 'text',
      sortBy: [
        { sql: lastName, type: 'text' },
        { sql: firstName, type: 'text' },
      ],
    },
    status: {
      sql: sql`${o.orderStatus}`,
      type: 'text',
      sortBy: [
        { sql: sql`${o.orderStatus}`, type: 'text' },
        { sql: sql`${o.updatedAt}`, type: 'datetime' },
      ],
    },
  },
  key: sql`${o.orderId}`,
});

/** The condition of a search: an order or customer number exactly, phone digits, or a name prefix. */
export function searchCondition(search: QuoteSearch): SQL {
  switch (search.kind) {
    case 'number':
      return sql`(${o.orderId} = ${search.value} or ${o.customerNo} = ${search.value})`;
    case 'phone': {
      const d = search.digits;
      // The customers' phone indexes are partial (phone <> ''): the condition repeats the predicate.
      return sql`(${o.sqldbid}, ${o.customerNo}) in (
        select ${c.sqldbid}, ${c.customerNo} from ${c}
        where ${startsWith(c.homePhone, d)} and ${c.homePhone} <> ''
           or ${startsWith(c.cellPhone, d)} and ${c.cellPhone} <> ''
           or ${startsWith(c.workPhone, d)} and ${c.workPhone} <> '')`;
    }
    case 'name': {
      const parts = [startsWith(lastName, search.lastName.toLowerCase())];
      if (search.firstName) parts.push(startsWith(firstName, search.firstName.toLowerCase()));
      return sql.join(parts, sql` and `);
    }
  }
}

/**
 * The number of orders in a scope (and status) without a search, from the trigger-kept counts: a few rows per
 * branch instead of counting hundreds of thousands of orders on every page. A search counts its matches.
 */
function keptCount(scope: Scope, status: string | undefined): SQL {
  const where = [inScope(scope, oc.branchNo)];
  if (status) where.push(sql`${oc.orderStatus} = ${status}`);
  return sql`select coalesce(sum(${oc.n}), 0)::int as total from ${oc} where ${sql.join(where, sql` and `)}`;
}

export async function listQuotes(ctx: AppContext, user: AuthUser, query: ListQuery): Promise<QuotesResponse> {
  const parsed = parseQuoteSearch(query.q);
  if (!parsed.ok) throw badRequest('q', parsed.message);
  const where: SQL[] = [inScope(user.scope, o.branchNo)];
  if (query.status) where.push(sql`${o.orderStatus} = ${query.status}`);
  if (parsed.search) where.push(searchCondition(parsed.search));
  const condition = sql.join(where, sql` and `);
  const items = [{ field: query.sort, dir: query.dir, at: 0 }];
  const order = QUOTES_GRID.orderBy(items);
  // The page's ids first, from one index in the page's order (after a cursor, or page `page` for a jump); then only
  // those rows.
  const ids = pageIds(
    QUOTES_GRID,
    items,
    { id: sql`${o.orderId}`, from: sql`${o}`, where: condition },
    { keys: cursorKeys(QUOTES_GRID, items, query.after), page: query.page, pageSize: query.pageSize },
  );
  const [data, count] = await Promise.all([
    ctx.db.execute(sql`select ${ROW_COLUMNS}, ${QUOTES_GRID.sortKeys(items)} from ${o}
      where ${o.orderId} in (${ids}) order by ${order} limit ${query.pageSize}`),
    ctx.db.execute(
      parsed.search
        ? sql`select count(*)::int as total from ${o} where ${condition}`
        : keptCount(user.scope, query.status),
    ),
  ]);
  const rows = rowsOf<QuoteRow & Record<string, unknown>>(data);
  const next = nextCursor(QUOTES_GRID, items, rows);
  return {
    data: rows,
    total: rowsOf<{ total: number }>(count)[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    search: parsed.search?.kind ?? null,
    next,
  };
}

/** One order in scope with its lines and discounts; an order outside the scope is not found, like a missing one. */
export async function getQuote(ctx: AppContext, user: AuthUser, orderId: number): Promise<QuoteDetail> {
  const [order] = rowsOf<Omit<QuoteDetail, 'items' | 'discounts' | 'customer'> & { customer: unknown }>(
    await ctx.db.execute(sql`
      select ${ROW_COLUMNS}, ${o.ndc} as "ndc", ${o.callId} as "callId",
        ${userName(o.createdBy)} as "createdBy",
        (select json_build_object('firstName', ${c.firstName}, 'lastName', ${c.lastName}, 'address', ${c.address},
            'city', ${c.city}, 'state', ${c.state}, 'zip', ${c.zip},
            'phone', coalesce(nullif(${c.homePhone}, ''), nullif(${c.cellPhone}, ''), ${c.workPhone}),
            'email', ${c.email}, 'customerType', ${c.customerType})
          from ${c} where ${c.sqldbid} = ${o.sqldbid} and ${c.customerNo} = ${o.customerNo}) as "customer"
      from ${o} where ${o.orderId} = ${orderId} and ${inScope(user.scope, o.branchNo)}`),
  );
  if (!order) throw notFound('Order not found.');
  const [items, discounts] = await Promise.all([
    ctx.db.execute(sql`
      select order_item_id as "orderItemId", service_def_id as "serviceDefId", service_name as "serviceName",
        rounds, unit_price::float8 as "unitPrice", quantity, extended_price::float8 as "extendedPrice",
        unit_price_sold::float8 as "unitPriceSold", extended_price_sold::float8 as "extendedPriceSold",
        installment, remain_months as "remainMonths"
      from order_items where order_id = ${orderId} order by order_item_id`),
    ctx.db.execute(sql`
      select order_discount_id as "orderDiscountId", coupon_code as "couponCode", amount::float8 as "amount"
      from order_discounts where order_id = ${orderId} order by order_discount_id`),
  ]);
  return {
    ...order,
    customer: (order.customer ?? null) as QuoteDetail['customer'],
    items: rowsOf<QuoteDetail['items'][number]>(items),
    discounts: rowsOf<QuoteDetail['discounts'][number]>(discounts),
  };
}
