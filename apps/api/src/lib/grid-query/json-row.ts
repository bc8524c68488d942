/**
 * A grid's row as the response names it: columns under the contract's names, read by the driver and written by the
 * route's compiled serializer. Past a few hundred rows the database's own JSON (json_build_object, json_agg) cost
 * several times what reading the columns does (the MeasureIt search's pages of 500 to 1,500: decision 048).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { GridField } from './grid.js';

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
