/** Test support for call search: the call, every page of a search, and an in-memory judge of a filter tree. */
import type { CallSearchResponse, CallSearchRow } from '@cc/contract';
import type { TestApp } from '../../test/harness.js';
import type { FilterExpr, Literal } from '../../lib/grid-query/odata.js';

export interface Answer {
  status: number;
  body: CallSearchResponse & { error?: { code: string; message: string } };
}

export async function search(t: TestApp, token: string, options: Record<string, string | number>): Promise<Answer> {
  const query = new URLSearchParams(Object.entries(options).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await t.call(token, { method: 'GET', url: `/api/odata/GetSearchOutboundCalls?${query.toString()}` });
  return { status: response.statusCode, body: response.json() };
}

/** Every row of a search, a thousand at a time. */
export async function searchAll(
  t: TestApp,
  token: string,
  options: Record<string, string> = {},
): Promise<CallSearchRow[]> {
  const rows: CallSearchRow[] = [];
  for (let skip = 0; ; skip += 1000) {
    const answer = await search(t, token, { ...options, $top: 1000, $skip: skip });
    if (answer.status !== 200) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    rows.push(...answer.body.value);
    if (answer.body.value.length < 1000) return rows;
  }
}

/** The value a row has for a field named in any case. */
function valueOf(row: CallSearchRow, field: string): unknown {
  const key = Object.keys(row).find((k) => k.toLowerCase() === field.toLowerCase()) as keyof CallSearchRow;
  return row[key];
}

function compare(op: string, a: string | number | boolean, b: string | number | boolean): boolean {
  switch (op) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    case 'gt':
      return a > b;
    case 'ge':
      return a >= b;
    case 'lt':
      return a < b;
    default:
      return a <= b;
  }
}

/** A literal as the row holds such a value (a date compares with the day of a 'YYYY-MM-DD HH:mm:ss' time). */
const plain = (literal: Literal) => literal.value as string | number | boolean;

/** OData's meaning of a filter over one row, written apart from the SQL it is compared with. */
export function matches(row: CallSearchRow, e: FilterExpr): boolean {
  switch (e.kind) {
    case 'and':
      return matches(row, e.left) && matches(row, e.right);
    case 'or':
      return matches(row, e.left) || matches(row, e.right);
    case 'not':
      return !matches(row, e.expr);
    case 'bool':
      return valueOf(row, e.field) === true;
    case 'method': {
      const v = valueOf(row, e.field) as string;
      if (e.name === 'contains') return v.includes(e.value);
      if (e.name === 'startswith') return v.startsWith(e.value);
      return v.endsWith(e.value);
    }
    case 'in': {
      const v = valueOf(row, e.field);
      return e.values.some((literal) => literal.value === v);
    }
    case 'cmp': {
      const v = valueOf(row, e.field) as string | number | boolean | null;
      if (e.value.type === 'null') return e.op === 'eq' ? v === null : v !== null;
      if (v === null) return e.op === 'ne';
      if (e.value.type === 'date') return compare(e.op, (v as string).slice(0, 10), e.value.value);
      return compare(e.op, v, plain(e.value));
    }
  }
}

/** The tree as $filter text. */
export function filterText(e: FilterExpr): string {
  switch (e.kind) {
    case 'and':
    case 'or':
      return `(${filterText(e.left)} ${e.kind} ${filterText(e.right)})`;
    case 'not':
      return `not (${filterText(e.expr)})`;
    case 'bool':
      return e.field;
    case 'method':
      return `${e.name}(${e.field},${literalText({ type: 'string', value: e.value })})`;
    case 'in':
      return `${e.field} in (${e.values.map(literalText).join(',')})`;
    case 'cmp':
      return `${e.field} ${e.op} ${literalText(e.value)}`;
  }
}

function literalText(literal: Literal): string {
  switch (literal.type) {
    case 'string':
      return `'${literal.value.replaceAll("'", "''")}'`;
    case 'number':
      return literal.text;
    default:
      return String(literal.value);
  }
}
