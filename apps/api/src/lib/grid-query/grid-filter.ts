/**
 * A grid's filter as SQL (decision 033): each comparison checked against the field's type, every value a bound
 * parameter, OData's three-valued logic kept where SQL's differs.
 */
import { sql, type SQL } from 'drizzle-orm';
import { dayAfter, dayStart } from '../../db/sql.js';
import type { GridField } from './grid.js';
import type { CompareOp, FilterExpr, Literal } from './odata.js';
import { GridQueryError, position } from './query-error.js';
import { isRealDate, literalText } from './values.js';

/** The field a name in the query means, or a 400 naming the option (the grid's `field`). */
export type FieldLookup = (name: string, option: string, at?: number) => { name: string; def: GridField };

const SQL_OPS: Record<CompareOp, SQL> = {
  eq: sql.raw('='),
  ne: sql.raw('<>'),
  gt: sql.raw('>'),
  ge: sql.raw('>='),
  lt: sql.raw('<'),
  le: sql.raw('<='),
};

/** The literal as a bound parameter of the field's type, or a 400 saying why it cannot be. */
function value(name: string, def: GridField, literal: Literal, at: number): SQL {
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
}

/** A date compared with a date-time field: the whole day in the call centre's time zone (America/Chicago). */
function dayCompare(column: SQL, op: CompareOp, day: string): SQL {
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
}

function compare(expr: Extract<FilterExpr, { kind: 'cmp' }>, field: FieldLookup): SQL {
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
}

export function filterSql(expr: FilterExpr, field: FieldLookup): SQL {
  switch (expr.kind) {
    case 'and':
      return sql`(${filterSql(expr.left, field)} and ${filterSql(expr.right, field)})`;
    case 'or':
      return sql`(${filterSql(expr.left, field)} or ${filterSql(expr.right, field)})`;
    case 'not':
      // OData's not of an unknown (null) comparison is false, as SQL's is: coalesce keeps two-valued logic.
      return sql`not coalesce(${filterSql(expr.expr, field)}, false)`;
    case 'cmp':
      return compare(expr, field);
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
        throw new GridQueryError('$filter', `${expr.name} needs a text field; ${name} is not one${position(expr.at)}`);
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
}
