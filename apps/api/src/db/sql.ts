/** SQL fragments every feature shares: call times in America/Chicago, whole-day ranges, literal LIKE, prefixes. */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CALL_TIME_ZONE } from '@cc/domain';

const tz = sql.raw(`'${CALL_TIME_ZONE}'`);

/** An instant as the spec exchanges call times: 'YYYY-MM-DD HH:mm:ss' in America/Chicago. */
export const callTime = (column: unknown): SQL => sql`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The first instant of a day in America/Chicago. */
export const dayStart = (day: string): SQL => sql`(${day}::date)::timestamp at time zone ${tz}`;

/** The first instant after a day in America/Chicago; whole-day ranges are [dayStart(from), dayAfter(to)). */
export const dayAfter = (day: string): SQL => sql`(${day}::date + 1)::timestamp at time zone ${tz}`;

const dialect = new PgDialect();
const frozenTexts = new WeakMap<SQL, SQL>();

/**
 * A fragment without parameters, compiled once to its text: a statement built from it then copies a string instead
 * of walking the fragment's tree of columns and pieces again on every request (drizzle's compile was a sixth of the
 * call search's CPU a request). A fragment with parameters is returned as it is. Cached by the fragment object, so
 * fragments kept in constants are compiled once per process.
 */
export function frozen(fragment: SQL): SQL {
  let text = frozenTexts.get(fragment);
  if (text === undefined) {
    const query = dialect.sqlToQuery(fragment);
    text = query.params.length === 0 ? sql.raw(query.sql) : fragment;
    frozenTexts.set(fragment, text);
  }
  return text;
}

/** Escape LIKE wildcards so that what a user typed is searched for literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The least string greater than every string starting with `prefix`, or null when there is none. */
export function prefixUpperBound(prefix: string): string | null {
  const chars = Array.from(prefix);
  while (chars.length > 0) {
    const last = chars.pop() ?? '';
    let next = (last.codePointAt(0) ?? 0) + 1;
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000; // no code points there
    if (next <= 0x10ffff) return chars.join('') + String.fromCodePoint(next);
  }
  return null;
}

/**
 * `expression` starts with `prefix`, literally (wildcards mean nothing here), as a range on a `text_pattern_ops`
 * index: `~>=~` and `~<~` compare byte by byte, and UTF-8 keeps code-point order, so the range holds exactly the
 * strings with that prefix. Unlike `like 'prefix%'`, whose index range PostgreSQL derives from the pattern's value,
 * a range of parameters is usable by a prepared statement's generic plan (docs/decisions/013-prepared-statements.md).
 */
export function startsWith(expression: SQL | AnyColumn, prefix: string): SQL {
  const upper = prefixUpperBound(prefix);
  return upper === null
    ? sql`${expression} ~>=~ ${prefix}`
    : sql`(${expression} ~>=~ ${prefix} and ${expression} ~<~ ${upper})`;
}

/**
 * {@link startsWith} as a statement template (db/template.ts) writes it: the prefix in the hole `prefix` and its
 * upper bound in `prefixEnd`; whether there is an upper bound (see {@link prefixBounds}) is part of the shape.
 */
export function startsWithHoles(expression: SQL | AnyColumn, bounded: boolean): SQL {
  const from = sql`${expression} ~>=~ ${sql.placeholder('prefix')}`;
  return bounded ? sql`(${from} and ${expression} ~<~ ${sql.placeholder('prefixEnd')})` : from;
}

/** The values of {@link startsWithHoles} for a prefix, and whether it is bounded. */
export function prefixBounds(prefix: string): {
  bounded: boolean;
  values: { prefix: string; prefixEnd: string | null };
} {
  const upper = prefixUpperBound(prefix);
  return { bounded: upper !== null, values: { prefix, prefixEnd: upper } };
}

/** A user's display name ("First Last") by id, or '' when there is none: how every list shows a CSR. */
export const userName = (userId: unknown): SQL =>
  sql`coalesce((select u.first_name || ' ' || u.last_name from users u where u.user_id = ${userId}), '')`;
