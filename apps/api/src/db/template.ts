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
import { Param, Placeholder, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** A dialect that marks each parameter's place with a character that never occurs in SQL text. */
class MarkingDialect extends PgDialect {
  override escapeParam(num: number): string {
    return `\u0000${num}\u0000`;
  }
}
const marking = new MarkingDialect();

/** A compiled statement: the text between parameters, and what each parameter is (a hole's name, or a constant). */
interface Compiled {
  pieces: string[];
  params: ({ hole: string } | { value: unknown })[];
}

function compile(statement: SQL): Compiled {
  const query = marking.sqlToQuery(statement);
  const parts = query.sql.split('\u0000');
  const pieces: string[] = [];
  const order: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) pieces.push(parts[i] ?? '');
    else order.push(Number(parts[i]));
  }
  const params = order.map((index) => {
    const param = query.params[index];
    return param instanceof Placeholder ? { hole: param.name as string } : { value: param };
  });
  return { pieces, params };
}

function fill(compiled: Compiled, values: Readonly<Record<string, unknown>>): SQL {
  const chunks: (StringChunk | Param)[] = [new StringChunk(compiled.pieces[0] ?? '')];
  compiled.params.forEach((param, i) => {
    if ('hole' in param) {
      if (!(param.hole in values)) throw new Error(`statement template: no value for ${param.hole}`);
      chunks.push(new Param(values[param.hole]));
    } else {
      chunks.push(new Param(param.value));
    }
    chunks.push(new StringChunk(compiled.pieces[i + 1] ?? ''));
  });
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
