/**
 * The call search's counts kept in advance (migration 0037: call_search_counts, the calls not deleted by completion
 * and one of three groupings, kept by triggers; decision 047). A search by the screen's usual filters — completion,
 * call types with whole days of the last access, or one branch, or one agent (the callback CSR, decision 062) — is
 * counted exactly by summing a few
 * rows, however many calls match; any other search counts its matches up to the limit (service.ts, decision 039).
 */
import { sql, type SQL } from 'drizzle-orm';
import { seesEveryBranch } from '@cc/domain';
import type { FilterExpr, Literal } from '../../lib/grid-query/odata.js';
import { inScope } from '../../http/scope.js';
import { CALL_SEARCH_GRID } from './grid.js';
import { seesEveryAgent, type SearchUser } from './user.js';

/** The groupings of call_search_counts. */
const GRAIN = { typeDay: 1, branch: 2, agent: 3 } as const;

/** What a countable filter says, part by part. */
interface Parts {
  complete?: boolean;
  types?: string[];
  days: SQL[];
  branches?: string[];
  agent?: number;
}

const DAY_OPS = { eq: '=', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

const strings = (values: Literal[]): string[] | null =>
  values.every((v) => v.type === 'string') ? values.map((v) => String(v.value)) : null;

/** Adds one top-level part of the filter to `parts`; false when the counts cannot answer it. */
function addPart(expr: FilterExpr, parts: Parts): boolean {
  const name = (field: string) => CALL_SEARCH_GRID.field(field, '$filter').name;
  switch (expr.kind) {
    case 'and':
      return addPart(expr.left, parts) && addPart(expr.right, parts);
    case 'bool':
    case 'not':
    case 'cmp': {
      const pinned = CALL_SEARCH_GRID.pinned(expr, 'callComplete');
      if (pinned !== null) {
        if (parts.complete !== undefined && parts.complete !== pinned) return false;
        parts.complete = pinned;
        return true;
      }
      if (expr.kind !== 'cmp') return false;
      const field = name(expr.field);
      const { op, value } = expr;
      if (field === 'lastAccessDate' && value.type === 'date' && op !== 'ne') {
        parts.days.push(sql`k.day ${sql.raw(DAY_OPS[op])} ${value.value}::date`);
        return true;
      }
      if (op !== 'eq') return false;
      if (field === 'Type' && value.type === 'string' && !parts.types) parts.types = [value.value];
      else if (field === 'branchNo' && value.type === 'string' && !parts.branches) parts.branches = [value.value];
      else if (field === 'callBackCSR' && value.type === 'number' && parts.agent === undefined)
        parts.agent = value.value;
      else return false;
      return true;
    }
    case 'in': {
      const field = name(expr.field);
      const values = strings(expr.values);
      if (!values) return false;
      if (field === 'Type' && !parts.types) parts.types = values;
      else if (field === 'branchNo' && !parts.branches) parts.branches = values;
      else return false;
      return true;
    }
    default:
      return false;
  }
}

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The exact count of a search from the counts kept in advance, or null when they cannot give it: a filter with other
 * fields, times of day or `or`; types or days with a branch or an agent; a user who sees only some branches (except
 * by branch) or only its own calls.
 */
export function countedStatement(user: SearchUser, filter: FilterExpr | null): SQL | null {
  if (!seesEveryAgent(user)) return null;
  const parts: Parts = { days: [] };
  if (filter && !addPart(filter, parts)) return null;
  const where: SQL[] = [];
  if (parts.complete !== undefined) where.push(sql`k.call_complete = ${parts.complete}`);
  const byTypeOrDay = parts.types !== undefined || parts.days.length > 0;
  const everyBranch = seesEveryBranch(user.scope);
  if (parts.agent !== undefined) {
    if (byTypeOrDay || parts.branches || !everyBranch) return null;
    where.push(sql`k.grain = ${GRAIN.agent}`, sql`k.call_back_csr = ${parts.agent}`);
  } else if (byTypeOrDay) {
    if (parts.branches || !everyBranch) return null;
    where.push(sql`k.grain = ${GRAIN.typeDay}`, ...parts.days);
    if (parts.types) where.push(sql`k.type in (${list(parts.types)})`);
  } else {
    where.push(sql`k.grain = ${GRAIN.branch}`, inScope(user.scope, sql`k.branchno`));
    if (parts.branches) where.push(sql`k.branchno in (${list(parts.branches)})`);
  }
  return sql`select coalesce(sum(k.n), 0)::int as n from call_search_counts k where ${sql.join(where, sql` and `)}`;
}
