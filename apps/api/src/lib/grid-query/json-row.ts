/**
 * A grid's row as JSON written by the database (json_build_object), so that a page goes out as the database wrote it
 * (RawJson): no row parsed by the driver, checked against the contract and serialised again per request.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { GridField } from './grid.js';

/** Each field under its name, its value as `value` gives it. Names are the grid's own keys, never a caller's text. */
export function jsonRow<F extends string>(fields: Record<F, GridField>, value: (def: GridField) => SQL): SQL {
  return sql`json_build_object(${jsonPairs(fields, value)})`;
}

/** The arguments of {@link jsonRow}'s json_build_object: name, value, name, value, … */
export function jsonPairs<F extends string>(fields: Record<F, GridField>, value: (def: GridField) => SQL): SQL {
  return sql.join(
    (Object.keys(fields) as F[]).map((name) => {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a field name: ${name}`);
      return sql`${sql.raw(`'${name}'`)}, ${value(fields[name])}`;
    }),
    sql`, `,
  );
}
