/**
 * A grid's row as the response names it: as JSON written by the database (json_build_object), so that a page goes out
 * as the database wrote it (RawJson), or as columns under the same names, for pages the API serialises itself. The
 * first costs the API nothing for pages of a hundred rows (the call search); past a few hundred rows the database's
 * JSON costs several times what reading the columns and `JSON.stringify` do (the MeasureIt search's pages of 500 to
 * 1,500: decision 048).
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
    names(fields).map((name) => sql`${sql.raw(`'${name}'`)}, ${value(fields[name])}`),
    sql`, `,
  );
}

/** Each field as a column under its name (`value as "name"`), in the grid's order. */
export function rowColumns<F extends string>(fields: Record<F, GridField>, value: (def: GridField) => SQL): SQL {
  return sql.join(
    names(fields).map((name) => sql`${value(fields[name])} as ${sql.identifier(name)}`),
    sql`, `,
  );
}

/** The grid's field names, each checked to be a plain name: they are the grid's own keys, never a caller's text. */
function names<F extends string>(fields: Record<F, GridField>): F[] {
  const all = Object.keys(fields) as F[];
  for (const name of all) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a field name: ${name}`);
  return all;
}
