/**
 * One whitelisted way to filter, sort and page a grid on the server (decision 033). A grid names its fields, each
 * with the SQL it reads and its type; a query can only ever reach those fields, every value is a bound parameter,
 * and every sort ends with the grid's key, so an order is total and pages never repeat or skip a row.
 */
import { sql, type SQL } from 'drizzle-orm';
import { frozen } from '../../db/sql.js';
import { pinnedBy } from './filter-facts.js';
import { filterSql } from './grid-filter.js';
import { checkedKeys, direction, orderParts, partsAfter } from './grid-order.js';
import type { FilterExpr, OrderItem } from './odata.js';
import { GridQueryError, position } from './query-error.js';
import type { FieldType } from './values.js';

export type { FieldType } from './values.js';
export { GridQueryError } from './query-error.js';

export interface GridField {
  /** The SQL the field reads (a column or an expression over the grid's FROM). */
  sql: SQL;
  type: FieldType;
  /** May the grid be sorted by it? (true unless said otherwise) */
  sortable?: boolean;
  /**
   * May it be null? Comparisons with null are only allowed on such fields. A nullable field sorts its nulls last
   * both ways; a field that is never null sorts as a forward or backward scan of its index gives (no nulls clause),
   * so a descending page is an index scan backwards.
   */
  nullable?: boolean;
  /** Sort by lower(sql): text in any case together (a grid column a user sorts by reading). */
  caseless?: boolean;
  /**
   * What the field sorts by, when not `sql` itself: the expressions of the index that serves the sort, in its column
   * order (All Quotes' customer: last name then first name, as lower(…) collate "C"; a date shown as text, by the
   * date). Each is never null unless it says so.
   */
  sortBy?: { sql: SQL; type: FieldType; nullable?: boolean }[];
}

export interface GridDefinition<F extends string> {
  fields: Record<F, GridField>;
  /**
   * The unique key every order ends with: one integer column, or several columns that together are unique
   * (never null).
   */
  key: SQL | { sql: SQL; type: FieldType }[];
  /** The key's direction: the last sort's (default, so one index serves both ways) or always ascending. */
  keyDir?: 'last' | 'asc';
}

export interface Grid<F extends string> {
  readonly fieldNames: readonly F[];
  /** The field a name means, matched without regard to case (the spec writes both `Type` and `type`). */
  field(name: string, option: string, at?: number): { name: F; def: GridField };
  /** The filter as a condition for a WHERE clause only (an unknown comparison drops the row, as false does). */
  where(filter: FilterExpr | null): SQL;
  /**
   * The order as ORDER BY terms; `reverse`: the exact opposite (each direction turned, empty values first), so that
   * the last rows of a large result are read from their end of the index (a deep page, decision 051).
   */
  orderBy(items: readonly OrderItem[], reverse?: boolean): SQL;
  /** The values an order sorts by, as columns `k0`, `k1`, … (the key last), for {@link Grid.after}. */
  sortKeys(items: readonly OrderItem[]): SQL;
  /**
   * The rows after a row in an order, given that row's `sortKeys` values: paging by key, so a deep page (an export
   * of every match) costs what the first does.
   */
  after(items: readonly OrderItem[], keys: readonly (string | null)[]): SQL;
  /**
   * The rows after a row as disjoint parts in the order's sequence, each one range of the sort's index (a row
   * comparison `(a, key) > (…)`, or the nulls after every value): a page reads at most a page from each, where one
   * condition with an OR would make PostgreSQL read every row past the cursor. {@link afterAll} joins them.
   */
  afterParts(items: readonly OrderItem[], keys: readonly (string | null)[]): SQL[];
  /** The number of values `sortKeys` gives for an order (a cursor must carry exactly as many). */
  keyCount(items: readonly OrderItem[]): number;
  /**
   * The order's values as they are (not as text), as columns `s0`, `s1`, … (the key last), and the same order over
   * those columns: to merge parts that each come sorted (two walks of an index) into one page in the grid's order.
   */
  orderColumns(items: readonly OrderItem[], reverse?: boolean): { columns: SQL; orderBy: SQL };
  /**
   * The value a filter holds a boolean field to, when one of its top-level `and` parts says it (`f`, `not f`,
   * `f eq true`, `f ne false`, …); null when the filter leaves the field free.
   */
  pinned(filter: FilterExpr | null, fieldName: F): boolean | null;
}

export function defineGrid<F extends string>(given: GridDefinition<F>): Grid<F> {
  const names = Object.keys(given.fields) as F[];
  // Each field's SQL compiled once (db/sql.ts `frozen`), so a query copies text instead of compiling columns.
  const definition: GridDefinition<F> = {
    ...given,
    fields: Object.fromEntries(
      names.map((name) => {
        const def = given.fields[name];
        const sortBy = def.sortBy?.map((by) => ({ ...by, sql: frozen(by.sql) }));
        return [name, { ...def, sql: frozen(def.sql), ...(sortBy ? { sortBy } : {}) }];
      }),
    ) as Record<F, GridField>,
  };
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));

  const field = (name: string, option: string, at?: number) => {
    const found = byLower.get(name.toLowerCase());
    if (!found) {
      throw new GridQueryError(option, `unknown field '${name}'${position(at)}; the fields are ${names.join(', ')}`);
    }
    return { name: found, def: definition.fields[found] };
  };

  const parts = (items: readonly OrderItem[]) => orderParts(definition, field, items);

  return {
    fieldNames: names,
    // As text, so a time keeps its microseconds on the way back.
    sortKeys: (items) =>
      sql.join(
        parts(items).map((part, i) => sql`(${part.sql})::text as ${sql.identifier(`k${i}`)}`),
        sql`, `,
      ),
    afterParts: (items, keys) => {
      const order = parts(items);
      return partsAfter(order, checkedKeys(order, keys), 0, []);
    },
    after: (items, keys) => {
      const order = parts(items);
      const each = partsAfter(order, checkedKeys(order, keys), 0, []);
      return each.length === 0 ? sql`false` : sql`(${sql.join(each, sql` or `)})`;
    },
    keyCount: (items) => parts(items).length,
    orderColumns: (items, reverse = false) => {
      const order = parts(items);
      const name = (i: number) => sql.identifier(`s${i}`);
      return {
        columns: sql.join(
          order.map((part, i) => sql`${part.sql} as ${name(i)}`),
          sql`, `,
        ),
        orderBy: sql.join(
          order.map((part, i) => sql`${name(i)} ${direction(part, reverse)}`),
          sql`, `,
        ),
      };
    },
    pinned: (filter, fieldName) => pinnedBy(filter, (name) => byLower.get(name.toLowerCase()) === fieldName),
    field,
    // A WHERE clause drops a row whose condition is unknown (null) as it drops a false one, so the filter needs no
    // coalesce at the top; one there would hide every comparison from the indexes (a Seq Scan of the whole table).
    where: (filter) => (filter ? filterSql(filter, field) : sql`true`),
    orderBy: (items, reverse = false) =>
      sql.join(
        parts(items).map((part) => sql`${part.sql} ${direction(part, reverse)}`),
        sql`, `,
      ),
  };
}
