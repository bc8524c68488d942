/**
 * Statements compiled once: drizzle walks a statement's tree of columns, tables and fragments to write its
 * text on every call, and for the small, frequent calls (the address autocomplete, the zip check, the outbound
 * counts) that walk was a tenth of the server's CPU a request. A statement family is written once with named holes
 * (`sql.placeholder`) for its values; its text is compiled the first time each shape is asked for, and every later
 * call only puts its values in the holes.
 *
 * The shape is plain data (booleans, kinds, list lengths) and `build` sees nothing else, so the text of a shape
 * cannot depend on a value: values reach the statement only through its holes.
 */
import { fillPlaceholders, Param, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A compiled statement: the text between its parameters, and its parameters as drizzle compiled them (a hole is
 * drizzle's own `Placeholder`, a constant its value), for drizzle's `fillPlaceholders`.
 */
interface Compiled {
  pieces: string[];
  params: unknown[];
}

/** A parameter's place in the text drizzle writes for PostgreSQL: `$1`, `$2`… in order. */
const PARAMETER = /\$(\d+)/g;

function compile(statement: SQL): Compiled {
  const query = dialect.sqlToQuery(statement);
  const pieces: string[] = [];
  let from = 0;
  let expected = 1;
  for (const match of query.sql.matchAll(PARAMETER)) {
    // A `$n` inside the statement's own text (a literal) would be taken for a parameter: refused when it is built,
    // so that no statement is ever cut in the wrong place.
    if (Number(match[1]) !== expected) throw new Error(`statement template: unexpected ${match[0]} in its text`);
    pieces.push(query.sql.slice(from, match.index));
    from = match.index + match[0].length;
    expected++;
  }
  pieces.push(query.sql.slice(from));
  if (expected - 1 !== query.params.length) throw new Error('statement template: parameters out of step with its text');
  return { pieces, params: query.params };
}

function fill(compiled: Compiled, values: Readonly<Record<string, unknown>>): SQL {
  // Each value as one parameter (an array stays one array parameter, for `= any(…)`), between the compiled pieces.
  const params = fillPlaceholders(compiled.params, values);
  const chunks: (StringChunk | Param)[] = [new StringChunk(compiled.pieces[0] ?? '')];
  params.forEach((value, i) => chunks.push(new Param(value), new StringChunk(compiled.pieces[i + 1] ?? '')));
  return new SQL(chunks);
}

const MAX_SHAPES = 500;

/**
 * A family of statements: `build(shape)` writes the statement of one shape with `sql.placeholder(name)` where its
 * values go; the answer gives the statement of a shape with its values. Values are sent as they are (text, numbers,
 * arrays for `= any(…)`): a column's own encoder is not applied to them.
 */
export function statementFamily<S>(
  build: (shape: S) => SQL,
): (shape: S, values: Readonly<Record<string, unknown>>) => SQL {
  const cache = new Map<string, Compiled>();
  return (shape, values) => {
    const key = JSON.stringify(shape);
    let compiled = cache.get(key);
    if (compiled === undefined) {
      compiled = compile(build(shape));
      // Shapes carry list lengths a caller chooses: the texts kept stay bounded.
      if (cache.size >= MAX_SHAPES) cache.clear();
      cache.set(key, compiled);
    }
    return fill(compiled, values);
  };
}
