/**
 * Support for the contract fuzz suite (fuzz.test.ts): requests derived from each route's zod schemas with
 * fast-check, the hand-picked junk that reached PostgreSQL before (decision 017), and a counter of every row
 * the application writes, so the suite can prove a refused request wrote nothing.
 *
 * The schemas are read through `z.toJSONSchema` (input side, as the client sends them), a public form of zod's
 * schemas that covers the kinds the contract uses; refinements it cannot express simply make more requests fail
 * validation, which the suite wants too.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import type { RouteDef } from '@cc/contract';
import { rowsOf, type Db } from '../db/client.js';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const MAX_STRING = 24;
const MAX_ITEMS = 3;

function integerArbitrary(s: JsonSchema): fc.Arbitrary<number> {
  let min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : Number.MIN_SAFE_INTEGER);
  let max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Number.MAX_SAFE_INTEGER);
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  // Small values find real rows (ids, customer numbers); the bounds find the edges.
  const small = fc.integer({ min: Math.max(min, -2), max: Math.max(Math.min(max, 20_000), Math.max(min, -2)) });
  return fc.oneof({ arbitrary: small, weight: 3 }, fc.integer({ min, max }), fc.constantFrom(min, max));
}

function numberArbitrary(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -1e12;
  const max = s.maximum ?? s.exclusiveMaximum ?? 1e12;
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: Math.ceil(Math.max(min, -1000)), max: Math.floor(Math.min(max, 1000)) }),
  );
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'email') return fc.emailAddress();
  if (s.pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: any string will do.
    }
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? MAX_STRING, MAX_STRING));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'binary' }),
    fc.constantFrom('Smith', 'SG101', '60540', '2026-06-15', '2026-06-15 10:30:00', 'Sale', 'Inbound'),
  );
}

/** Values the schema accepts, as far as JSON Schema says (refinements aside). */
export function arbitraryOf(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, depth)));
  if (s.allOf?.[0]) return arbitraryOf(s.allOf[0], depth);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      return numberArbitrary(s);
    case 'string':
      return stringArbitrary(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? arbitraryOf(s.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case 'object': {
      if (s.properties) {
        const model = Object.fromEntries(
          Object.entries(s.properties).map(([key, value]) => [key, arbitraryOf(value, depth + 1)]),
        );
        return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
      }
      const values = typeof s.additionalProperties === 'object' ? arbitraryOf(s.additionalProperties, depth + 1) : null;
      return fc.dictionary(fc.string({ maxLength: 8 }), values ?? fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
    }
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

export type Path = (string | number)[];

/** Every place a value sits in a request part: object properties, the first item of arrays, through unions. */
export function leafPaths(s: JsonSchema, prefix: Path = [], depth = 0): Path[] {
  if (depth > 6) return [prefix];
  const alternatives = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alternatives) {
    const seen = new Map<string, Path>();
    for (const a of alternatives) for (const p of leafPaths(a, prefix, depth)) seen.set(JSON.stringify(p), p);
    return [...seen.values()];
  }
  if (s.properties) {
    return Object.entries(s.properties).flatMap(([key, value]) => [
      ...(value.properties || value.items ? [[...prefix, key]] : []),
      ...leafPaths(value, [...prefix, key], depth + 1),
    ]);
  }
  if (s.items) return leafPaths(s.items, [...prefix, 0], depth + 1);
  return [prefix];
}

/** A copy of `value` with `junk` at `path`, creating the objects and arrays on the way. */
export function setAt(value: unknown, path: Path, junk: unknown): unknown {
  if (path.length === 0) return junk;
  const [head, ...rest] = path as [string | number, ...Path];
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = setAt(list[head], rest, junk);
    return list;
  }
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  (object as Record<string, unknown>)[head] = setAt((object as Record<string, unknown>)[head], rest, junk);
  return object;
}

const INT4_MAX = 2_147_483_647;
/** Values for any JSON field: each reached PostgreSQL (or could have) before the contract refused it. */
export const JSON_JUNK: { label: string; value: unknown }[] = [
  { label: 'int4 max + 1', value: INT4_MAX + 1 },
  { label: 'int4 min - 1', value: -INT4_MAX - 2 },
  { label: 'NUL inside text', value: 'a\u0000b' },
  { label: 'huge number', value: 1e300 },
  { label: 'beyond safe integer', value: Number.MAX_SAFE_INTEGER + 2 },
  { label: 'fraction', value: 1.5 },
  { label: 'negative', value: -1 },
  { label: 'zero', value: 0 },
  { label: 'control character', value: 'x\u0001\u001by' },
  { label: 'line break', value: 'a\nb' },
  { label: 'lone surrogate', value: 'a\ud800b' },
  { label: 'number as text', value: '12' },
  { label: 'true', value: true },
  { label: 'null', value: null },
  { label: 'empty list', value: [] },
  { label: 'object', value: { a: '\u0000' } },
  { label: 'impossible date', value: '2026-02-30' },
  { label: 'impossible time', value: '2026-02-30 25:99' },
  { label: 'year zero', value: '0000-01-01 00:00:00' },
  { label: 'far future', value: '9999-12-31 23:59:59' },
  { label: 'LIKE wildcards', value: "%_\\'; select 1; --" },
  { label: 'long text', value: 'x'.repeat(5000) },
];
/** The two that failed in PostgreSQL before: tried on every field. */
export const ALWAYS_JUNK = [JSON_JUNK[0], JSON_JUNK[2]] as { label: string; value: unknown }[];

/** Values for a path or query string segment, already as they go on the wire. */
export const URL_JUNK: string[] = [
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '1e10',
  'a%00b',
  '%00',
  '%01',
  '%FF',
  '-1',
  '0',
  '1.5',
  'NaN',
  '2026-02-30',
  '0000-00-00',
  '%2E%2E',
  'x'.repeat(2000),
];

export interface FuzzRequest {
  method: RouteDef['method'];
  url: string;
  payload?: string;
  headers?: Record<string, string>;
  why: string;
}

function queryString(query: unknown, raw: Record<string, string> = {}): string {
  const pairs: string[] = [];
  if (query !== null && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || key in raw) continue;
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  }
  for (const [key, value] of Object.entries(raw)) pairs.push(`${encodeURIComponent(key)}=${value}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** The wire form of a request: params and query already strings, the body JSON. */
export function requestOf(
  def: RouteDef,
  parts: { params?: unknown; query?: unknown; body?: unknown; rawParams?: Record<string, string> },
  rawQuery: Record<string, string> | undefined,
  why: string,
): FuzzRequest {
  const params = (parts.params as Record<string, unknown> | undefined) ?? {};
  const raw = parts.rawParams ?? {};
  let url = def.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (name in raw) return raw[name] as string;
    if (value === undefined || value === null || value === '') return '1';
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  });
  url += queryString(parts.query, rawQuery);
  const hasBody = def.method !== 'GET' && parts.body !== undefined;
  return {
    method: def.method,
    url,
    ...(hasBody ? { payload: JSON.stringify(parts.body), headers: { 'content-type': 'application/json' } } : {}),
    why,
  };
}

// ---------------------------------------------------------------------------------------------------
// Writes: a row trigger on every table the application writes counts the rows it inserts, updates or deletes,
// in the same transaction, so a rolled-back write counts nothing and one query tells whether a request wrote.

/**
 * Tables written on purpose when a request is refused: the session's last activity (every signed-in request),
 * sign-in failures (the throttle) and the end-call step log (where a failed step is recorded after the rollback,
 * decision 010). Every other table must be left as it was.
 */
export const BOOKKEEPING_TABLES = ['sessions', 'signin_attempts', 'step_log'];

export async function installWriteCounter(db: Db): Promise<() => Promise<number>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  )
    .map((r) => r.name)
    .filter((name) => !BOOKKEEPING_TABLES.includes(name));
  await db.execute(sql`create table fuzz_writes (n bigint not null)`);
  await db.execute(sql`insert into fuzz_writes values (0)`);
  await db.execute(
    sql.raw(`create function fuzz_count() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1; return null; end $$`),
  );
  for (const table of tables) {
    await db.execute(
      sql.raw(`create trigger fuzz_count after insert or update or delete on "${table}"
        for each row execute function fuzz_count()`),
    );
  }
  if (tables.length < 10) throw new Error(`only ${tables.length} tables found to watch`);
  return async () => {
    const rows = rowsOf<{ n: string | number }>(await db.execute(sql`select n from fuzz_writes`));
    return Number(rows[0]?.n ?? 0);
  };
}
