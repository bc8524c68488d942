/**
 * One whitelisted way to filter, sort and page a grid on the server (decision 033). A grid names its fields, each
 * with the SQL it reads and its type; a query can only ever reach those fields, every value is a bound parameter,
 * and every sort ends with the grid's key, so an order is total and pages never repeat or skip a row.
 */
import { sql, type SQL } from 'drizzle-orm';
import { dayAfter, dayStart, frozen } from '../../db/sql.js';
import type { CompareOp, FilterExpr, Literal, OrderItem } from './odata.js';
import { isRealDate, literalText, validKey, type FieldType } from './values.js';
import { pinnedBy } from './filter-facts.js';

export type { FieldType } from './values.js';

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

/** One expression of an order: what is compared, its type (for a cursor's values) and direction. */
interface OrderPart {
  sql: SQL;
  type: FieldType;
  dir: 'asc' | 'desc';
  nullable: boolean;
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

/** Bad query text for a grid: the option, what is wrong, where. */
export class GridQueryError extends Error {
  override name = 'GridQueryError';
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(`${option}: ${message}`);
  }
}

const SQL_TYPES: Record<FieldType, string> = {
  text: 'text',
  integer: 'integer',
  number: 'numeric',
  boolean: 'boolean',
  datetime: 'timestamptz',
};
const SQL_OPS: Record<CompareOp, SQL> = {
  eq: sql.raw('='),
  ne: sql.raw('<>'),
  gt: sql.raw('>'),
  ge: sql.raw('>='),
  lt: sql.raw('<'),
  le: sql.raw('<='),
};

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

const position = (at: number | undefined) => (at === undefined ? '' : ` (at position ${at + 1})`);

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

  /** The literal as a bound parameter of the field's type, or a 400 saying why it cannot be. */
  const value = (name: F, def: GridField, literal: Literal, at: number): SQL => {
    const wrong = () =>
      new GridQueryError(
        '$filter',
        `${name} is ${def.type === 'integer' ? 'an integer' : `a ${def.type}`} field; ${literalText(literal)} is not one${position(at)}`,
      );
    switch (def.type) {
      case 'text':
        if (literal.type !== 'string') throw wrong();
        return sql`${literal.value}`;
      case 'integer':
        if (literal.type !== 'number' || !Number.isSafeInteger(literal.value) || Math.abs(literal.value) > 2147483647) {
          throw wrong();
        }
        return sql`${literal.value}::int`;
      case 'number':
        if (literal.type !== 'number' || !Number.isFinite(literal.value)) throw wrong();
        return sql`${literal.text}::numeric`;
      case 'boolean':
        if (literal.type !== 'boolean') throw wrong();
        return sql`${literal.value}::boolean`;
      case 'datetime':
        if (
          literal.type !== 'datetime' ||
          Number.isNaN(Date.parse(literal.value)) ||
          !isRealDate(literal.value.slice(0, 10))
        ) {
          throw wrong();
        }
        return sql`${literal.value}::timestamptz`;
    }
  };

  /** A date compared with a date-time field: the whole day in the call centre's time zone (America/Chicago). */
  const dayCompare = (column: SQL, op: CompareOp, day: string): SQL => {
    const start = dayStart(day);
    const next = dayAfter(day);
    switch (op) {
      case 'eq':
        return sql`(${column} >= ${start} and ${column} < ${next})`;
      case 'ne':
        return sql`(${column} < ${start} or ${column} >= ${next})`;
      case 'gt':
        return sql`${column} >= ${next}`;
      case 'ge':
        return sql`${column} >= ${start}`;
      case 'lt':
        return sql`${column} < ${start}`;
      case 'le':
        return sql`${column} < ${next}`;
    }
  };

  const compare = (expr: Extract<FilterExpr, { kind: 'cmp' }>): SQL => {
    const { name, def } = field(expr.field, '$filter', expr.at);
    const { op, value: literal } = expr;
    if (literal.type === 'null') {
      if (op !== 'eq' && op !== 'ne') {
        throw new GridQueryError('$filter', `null can only be compared with eq or ne${position(expr.at)}`);
      }
      return op === 'eq' ? sql`${def.sql} is null` : sql`${def.sql} is not null`;
    }
    if (def.type === 'datetime' && literal.type === 'date') {
      if (!isRealDate(literal.value)) {
        throw new GridQueryError('$filter', `${literal.value} is not a date${position(expr.at)}`);
      }
      const day = dayCompare(def.sql, op, literal.value);
      return op === 'ne' && def.nullable ? sql`(${day} or ${def.sql} is null)` : day;
    }
    if (def.type === 'boolean' && op !== 'eq' && op !== 'ne') {
      throw new GridQueryError('$filter', `${name} is a boolean field: use eq or ne${position(expr.at)}`);
    }
    // OData's ne keeps rows whose value is null (null ne 'x' is true); SQL's <> would drop them.
    // Text orders by code point, as everywhere the same (the database's collation may differ between servers).
    const column = def.type === 'text' && op !== 'eq' && op !== 'ne' ? sql`${def.sql} collate "C"` : def.sql;
    const compared = sql`${column} ${SQL_OPS[op]} ${value(name, def, literal, expr.at)}`;
    return op === 'ne' && def.nullable ? sql`(${compared} or ${def.sql} is null)` : compared;
  };

  const toSql = (expr: FilterExpr): SQL => {
    switch (expr.kind) {
      case 'and':
        return sql`(${toSql(expr.left)} and ${toSql(expr.right)})`;
      case 'or':
        return sql`(${toSql(expr.left)} or ${toSql(expr.right)})`;
      case 'not':
        // OData's not of an unknown (null) comparison is false, as SQL's is: coalesce keeps two-valued logic.
        return sql`not coalesce(${toSql(expr.expr)}, false)`;
      case 'cmp':
        return compare(expr);
      case 'in': {
        const { name, def } = field(expr.field, '$filter', expr.at);
        if (expr.values.length > 1000) {
          throw new GridQueryError('$filter', `in takes at most 1000 values${position(expr.at)}`);
        }
        const values = expr.values.map((literal) => value(name, def, literal, expr.at));
        return sql`${def.sql} in (${sql.join(values, sql`, `)})`;
      }
      case 'method': {
        const { name, def } = field(expr.field, '$filter', expr.at);
        if (def.type !== 'text') {
          throw new GridQueryError(
            '$filter',
            `${expr.name} needs a text field; ${name} is not one${position(expr.at)}`,
          );
        }
        const where = { contains: 'strpos', startswith: 'starts', endswith: 'ends' }[expr.name];
        if (where === 'strpos') return sql`strpos(${def.sql}, ${expr.value}) > 0`;
        if (where === 'starts') return sql`starts_with(${def.sql}, ${expr.value})`;
        return sql`right(${def.sql}, ${expr.value.length}) = ${expr.value}`;
      }
      case 'bool': {
        const { name, def } = field(expr.field, '$filter', expr.at);
        if (def.type !== 'boolean') {
          throw new GridQueryError(
            '$filter',
            `${name} is not a boolean field: compare it with a value${position(expr.at)}`,
          );
        }
        return sql`${def.sql}`;
      }
    }
  };

  /**
   * The order's expressions and directions, each field checked (known, sortable, named once), the key last (in the
   * last item's direction unless the grid says ascending). Empty values sort last both ways: a search newest first
   * starts with calls that have a date.
   */
  const orderParts = (items: readonly OrderItem[]): OrderPart[] => {
    const seen = new Set<string>();
    const parts = items.flatMap((item): OrderPart[] => {
      const { name, def } = field(item.field, '$orderby', item.at);
      if (def.sortable === false) throw new GridQueryError('$orderby', `${name} cannot be sorted`);
      if (seen.has(name)) throw new GridQueryError('$orderby', `${name} is named twice`);
      seen.add(name);
      if (def.sortBy) return def.sortBy.map((by) => ({ ...by, dir: item.dir, nullable: by.nullable === true }));
      const expr = def.caseless ? sql`lower(${def.sql})` : def.sql;
      return [{ sql: expr, dir: item.dir, type: def.caseless ? 'text' : def.type, nullable: def.nullable === true }];
    });
    const keyDir = definition.keyDir === 'asc' ? 'asc' : (items.at(-1)?.dir ?? 'asc');
    const key = Array.isArray(definition.key) ? definition.key : [{ sql: definition.key, type: 'integer' as const }];
    return [...parts, ...key.map((k) => ({ ...k, dir: keyDir, nullable: false }))];
  };

  /** A part's ORDER BY direction: empty values last, and in reverse the opposite (first, each direction turned). */
  const direction = (part: OrderPart, reverse: boolean): SQL => {
    const dir = reverse ? (part.dir === 'asc' ? 'desc' : 'asc') : part.dir;
    return sql`${sql.raw(dir)}${part.nullable ? sql.raw(reverse ? ' nulls first' : ' nulls last') : sql``}`;
  };

  const cast = (part: OrderPart, raw: string) => sql`cast(${raw} as ${sql.raw(SQL_TYPES[part.type])})`;
  const beyond = (part: OrderPart) => (part.dir === 'asc' ? sql`>` : sql`<`);

  /**
   * The rows after `keys` from part `i` on, given equal values before it (`same`), as disjoint conditions in the
   * order's sequence. A run of parts in one direction, none of which after the first may be null, is one row
   * comparison (an index range); a nullable part's nulls come after all its values.
   */
  const partsAfter = (parts: OrderPart[], keys: readonly (string | null)[], i: number, same: SQL[]): SQL[] => {
    const part = parts[i]!;
    const raw = keys[i] ?? null;
    const and = (extra: SQL) => sql.join([...same, extra], sql` and `);
    const rest = parts.slice(i);
    if (raw !== null && rest.every((p, j) => p.dir === part.dir && (j === 0 || !p.nullable))) {
      const columns = sql.join(
        rest.map((p) => p.sql),
        sql`, `,
      );
      const values = sql.join(
        rest.map((p, j) => (keys[i + j] === null ? sql`null` : cast(p, keys[i + j]!))),
        sql`, `,
      );
      const range = and(sql`(${columns}) ${beyond(part)} (${values})`);
      return part.nullable ? [range, and(sql`${part.sql} is null`)] : [range];
    }
    const last = i === parts.length - 1;
    if (raw === null) return last ? [] : partsAfter(parts, keys, i + 1, [...same, sql`${part.sql} is null`]);
    const value = cast(part, raw);
    const deeper = last ? [] : partsAfter(parts, keys, i + 1, [...same, sql`${part.sql} = ${value}`]);
    const after = and(sql`${part.sql} ${beyond(part)} ${value}`);
    return part.nullable ? [...deeper, after, and(sql`${part.sql} is null`)] : [...deeper, after];
  };

  const checkedKeys = (parts: OrderPart[], keys: readonly (string | null)[]) => {
    if (keys.length !== parts.length) {
      throw new GridQueryError('after', `the cursor has ${keys.length} values; this order needs ${parts.length}`);
    }
    keys.forEach((raw, i) => {
      if (raw !== null && !validKey(parts[i]!.type, raw)) {
        throw new GridQueryError('after', `value ${i + 1} of the cursor is not a ${parts[i]!.type}`);
      }
      if (raw === null && !parts[i]!.nullable) {
        throw new GridQueryError('after', `value ${i + 1} of the cursor cannot be empty`);
      }
    });
    return keys;
  };

  return {
    fieldNames: names,
    // As text, so a time keeps its microseconds on the way back.
    sortKeys: (items) =>
      sql.join(
        orderParts(items).map((part, i) => sql`(${part.sql})::text as ${sql.identifier(`k${i}`)}`),
        sql`, `,
      ),
    afterParts: (items, keys) => {
      const parts = orderParts(items);
      return partsAfter(parts, checkedKeys(parts, keys), 0, []);
    },
    after: (items, keys) => {
      const parts = orderParts(items);
      const each = partsAfter(parts, checkedKeys(parts, keys), 0, []);
      return each.length === 0 ? sql`false` : sql`(${sql.join(each, sql` or `)})`;
    },
    keyCount: (items) => orderParts(items).length,
    orderColumns: (items, reverse = false) => {
      const parts = orderParts(items);
      const name = (i: number) => sql.identifier(`s${i}`);
      return {
        columns: sql.join(
          parts.map((part, i) => sql`${part.sql} as ${name(i)}`),
          sql`, `,
        ),
        orderBy: sql.join(
          parts.map((part, i) => sql`${name(i)} ${direction(part, reverse)}`),
          sql`, `,
        ),
      };
    },
    pinned: (filter, fieldName) => pinnedBy(filter, (name) => byLower.get(name.toLowerCase()) === fieldName),
    field,
    // A WHERE clause drops a row whose condition is unknown (null) as it drops a false one, so the filter needs no
    // coalesce at the top; one there would hide every comparison from the indexes (a Seq Scan of the whole table).
    where: (filter) => (filter ? toSql(filter) : sql`true`),
    orderBy: (items, reverse = false) =>
      sql.join(
        orderParts(items).map((part) => sql`${part.sql} ${direction(part, reverse)}`),
        sql`, `,
      ),
  };
}
