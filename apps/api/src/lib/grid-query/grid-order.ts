/**
 * A grid's order as SQL (decision 033): the fields' sort expressions with the grid's key last, so an order is total,
 * and the rows after a cursor as disjoint index ranges (decision 051).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FieldLookup } from './grid-filter.js';
import type { GridDefinition } from './grid.js';
import type { OrderItem } from './odata.js';
import { GridQueryError } from './query-error.js';
import { validKey, type FieldType } from './values.js';

/** One expression of an order: what is compared, its type (for a cursor's values) and direction. */
export interface OrderPart {
  sql: SQL;
  type: FieldType;
  dir: 'asc' | 'desc';
  nullable: boolean;
}

const SQL_TYPES: Record<FieldType, string> = {
  text: 'text',
  integer: 'integer',
  number: 'numeric',
  boolean: 'boolean',
  datetime: 'timestamptz',
};

/**
 * The order's expressions and directions, each field checked (known, sortable, named once), the key last (in the
 * last item's direction unless the grid says ascending). Empty values sort last both ways: a search newest first
 * starts with calls that have a date.
 */
export function orderParts(
  definition: GridDefinition<string>,
  field: FieldLookup,
  items: readonly OrderItem[],
): OrderPart[] {
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
}

/** A part's ORDER BY direction: empty values last, and in reverse the opposite (first, each direction turned). */
export function direction(part: OrderPart, reverse: boolean): SQL {
  const dir = reverse ? (part.dir === 'asc' ? 'desc' : 'asc') : part.dir;
  return sql`${sql.raw(dir)}${part.nullable ? sql.raw(reverse ? ' nulls first' : ' nulls last') : sql``}`;
}

const cast = (part: OrderPart, raw: string) => sql`cast(${raw} as ${sql.raw(SQL_TYPES[part.type])})`;
const beyond = (part: OrderPart) => (part.dir === 'asc' ? sql`>` : sql`<`);

/**
 * The rows after `keys` from part `i` on, given equal values before it (`same`), as disjoint conditions in the
 * order's sequence. A run of parts in one direction, none of which after the first may be null, is one row
 * comparison (an index range); a nullable part's nulls come after all its values.
 */
export function partsAfter(parts: OrderPart[], keys: readonly (string | null)[], i: number, same: SQL[]): SQL[] {
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
}

export function checkedKeys(parts: OrderPart[], keys: readonly (string | null)[]) {
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
}
