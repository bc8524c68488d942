import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  CALL_OPTIONS,
  CALL_RESULTS,
  CALL_TYPES,
  OUTBOUND_CALL_TYPES,
  callTypeByName,
  firstLeadByPriority,
  LEAD_STATUS_PRIORITY,
  type LeadStatus,
  isOutboundSource,
  narrowScope,
  type ScopeVariant,
} from '@cc/domain';
import type {
  CallOption,
  CallResult,
  CallType,
  Lead,
  OutboundCount,
  OutboundListResponse,
  OutboundRow,
} from '@cc/contract';
import type { z } from 'zod';
import type { OutboundListQuery } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { csrAssignments, franchises, leads, outboundCalls, userBranches, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope, scopeHole, scopeShape, scopeValues, type ScopeShape } from '../../http/scope.js';
import { statementFamily } from '../../db/template.js';
import { badRequest, notFound } from '../../http/errors.js';
import { cursorKeys, nextCursor } from '../../lib/grid-query/cursor-page.js';
import {
  LISTED,
  ROW_COLUMNS,
  countsQuery,
  listConditions,
  listOrder,
  listPageQuery,
  listTotalQuery,
  OUTBOUND_LIST_GRID,
  type ListFilter,
  type RoutedGroup,
} from './lists.js';

type ListQuery = z.output<typeof OutboundListQuery>;

/**
 * The list groups assigned to CSRs other than `user` (decision 031), of one call type or all: their rows are routed
 * to their CSR, so they leave this user's lists, counts and Next Call. Read before every list page and count; a
 * statement of its own so that the benchmark's ceiling runs what the API runs.
 */
const groupsOfOthersStatement = statementFamily((shape: { scope: ScopeShape; type: boolean }) => {
  const a = csrAssignments;
  return sql`select ${a.branchNo} as "branchNo", ${a.type} as "type", ${a.source} as "source" from ${a}
    where ${a.userId} <> ${sql.placeholder('userId')} ${shape.type ? sql`and ${a.type} = ${sql.placeholder('type')}` : sql``}
      and ${scopeHole(shape.scope, a.branchNo)}`;
});

export function groupsOfOthersQuery(user: Pick<AuthUser, 'userId' | 'scope'>, type?: string): SQL {
  return groupsOfOthersStatement(
    { scope: scopeShape(user.scope), type: type !== undefined },
    { userId: user.userId, type: type ?? null, ...scopeValues(user.scope) },
  );
}

const groupsOfOthers = async (ctx: AppContext, user: Pick<AuthUser, 'userId' | 'scope'>, type?: string) =>
  rowsOf<RoutedGroup>(await ctx.db.execute(groupsOfOthersQuery(user, type)));

/** Comma-joined branch numbers from the client, upper-cased; undefined when not given. */
export function parseBranches(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return [
    ...new Set(
      value
        .split(',')
        .map((b) => b.trim().toUpperCase())
        .filter((b) => b !== ''),
    ),
  ];
}

const DAY_FIELDS = ['callTargetFrom', 'callTargetTo', 'lastCalledFrom', 'lastCalledTo'] as const;

/**
 * The contract checks the YYYY-MM-DD shape only; a day that does not exist (2026-02-30, month 13,
 * year 0) would fail in SQL as a 500, so it is refused here as a 400 naming the field.
 */
function checkDays(query: ListQuery): void {
  for (const field of DAY_FIELDS) {
    const value = query[field];
    if (value === undefined) continue;
    const day = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value || value.startsWith('0000')) {
      throw badRequest(field, 'must be a date YYYY-MM-DD');
    }
  }
}

function warnOnSources(ctx: AppContext, rows: OutboundRow[]): void {
  for (const row of rows) {
    if (!isOutboundSource(row.CallSource)) {
      ctx.log.warn(
        { outboundId: row.OutboundId, callSource: row.CallSource },
        "outbound call source without the 'Outbound-' prefix",
      );
    }
  }
}

export async function listOutbound(
  ctx: AppContext,
  user: AuthUser,
  variant: ScopeVariant,
  callType: string,
  query: ListQuery,
): Promise<OutboundListResponse> {
  checkDays(query);
  // A page so far out that its offset is past what SQL takes (bigint) would fail as a 500.
  if ((query.page - 1) * query.pageSize > Number.MAX_SAFE_INTEGER) throw badRequest('page', 'is too large');
  const filter: ListFilter = {
    type: callType,
    scope: narrowScope(user.scope, variant),
    branches: parseBranches(query.branches),
    callTargetFrom: query.callTargetFrom,
    callTargetTo: query.callTargetTo,
    lastCalledFrom: query.lastCalledFrom,
    lastCalledTo: query.lastCalledTo,
    hidden: await groupsOfOthers(ctx, user, callType),
  };
  const items = listOrder(query.sort, query.dir);
  const after = cursorKeys(OUTBOUND_LIST_GRID, items, query.after);
  const pageQuery = listPageQuery(
    listConditions(filter),
    query.sort,
    query.dir,
    query.page,
    query.pageSize,
    after ?? undefined,
  );
  const [data, total] = await Promise.all([ctx.db.execute(pageQuery), ctx.db.execute(listTotalQuery(filter))]);
  const rows = rowsOf<OutboundRow & Record<string, unknown>>(data);
  const next = nextCursor(OUTBOUND_LIST_GRID, items, rows);
  warnOnSources(ctx, rows);
  // The rows are the contract's fields exactly (ROW_COLUMNS, keys taken off): sent as they are read (decision 048).
  const answer: OutboundListResponse = {
    data: rows,
    total: rowsOf<{ total: number }>(total)[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    next,
  };
  return answer;
}

/**
 * The count of each outbound call type. Asked for after every call: its route writes the answer with the compiled
 * serializer, as checking the fixed fields of every type against the schema was a tenth of the request's CPU.
 */
export async function outboundCounts(
  ctx: AppContext,
  user: AuthUser,
  variant: ScopeVariant,
  branches: string | undefined,
): Promise<OutboundCount[]> {
  const rows = rowsOf<{ type: string; n: number }>(
    await ctx.db.execute(
      countsQuery(narrowScope(user.scope, variant), parseBranches(branches), await groupsOfOthers(ctx, user)),
    ),
  );
  const byType = new Map(rows.map((r) => [r.type, Number(r.n)]));
  return OUTBOUND_CALL_TYPES.map((t) => ({
    CallTypeId: t.CallTypeId,
    CallTypeName: t.CallTypeName,
    CallTypeDisplayName: t.CallTypeDisplayName,
    count: byType.get(t.CallTypeName) ?? 0,
  }));
}

export function callTypesList(): CallType[] {
  return CALL_TYPES.map(({ CallTypeId, CallTypeName, CallTypeDisplayName }) => ({
    CallTypeId,
    CallTypeName,
    CallTypeDisplayName,
  }));
}

export function callResultsOf(callTypeId: number): CallResult[] {
  const index = CALL_TYPES.findIndex((t) => t.CallTypeId === callTypeId);
  const type = CALL_TYPES[index];
  if (!type) throw notFound(`No call type ${callTypeId}.`);
  return CALL_RESULTS[type.CallTypeName].map((ResultName, j) => ({
    CallResultId: (index + 1) * 100 + j + 1,
    CallTypeId: callTypeId,
    ResultName,
  }));
}

export function callOptionsList(): CallOption[] {
  return [...CALL_OPTIONS];
}

/** The customer's leads in scope, in the order a deep link tries them. */
export async function getLeads(ctx: AppContext, user: AuthUser, branchno: string, custNo: number): Promise<Lead[]> {
  const rows = await ctx.db
    .select()
    .from(leads)
    .where(
      and(eq(leads.branchNo, branchno.toUpperCase()), eq(leads.custNo, custNo), inScope(user.scope, leads.branchNo)),
    );
  const rank = (status: string) => {
    const i = LEAD_STATUS_PRIORITY.indexOf(status.toLowerCase() as LeadStatus);
    return i < 0 ? LEAD_STATUS_PRIORITY.length : i;
  };
  return rows
    .sort((a, b) => rank(a.status) - rank(b.status) || b.createdAt.getTime() - a.createdAt.getTime())
    .map((l) => ({ ...l, createdAt: l.createdAt.toISOString() }));
}

/**
 * Rebuild the call row of a deep link to a current call: SkippedRounds from its custom list, WebLead
 * from the new web leads, other outbound types through the customer's leads by status priority.
 */
export async function resolveCall(
  ctx: AppContext,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
  callType: string,
): Promise<{ theCall: OutboundRow | null }> {
  const type = callTypeByName(callType);
  if (!type) throw badRequest('callType', `unknown call type ${callType}`);
  if (!type.outbound) return { theCall: null };
  const base = [
    sql`${outboundCalls.sqldbid} = ${sqldbid}`,
    sql`${outboundCalls.custNo} = ${customerNo}`,
    sql`${outboundCalls.type} = ${type.CallTypeName}`,
    inScope(user.scope, outboundCalls.branchNo),
  ];
  const find = async (extra: ReturnType<typeof sql>[]) =>
    rowsOf<OutboundRow>(
      await ctx.db.execute(
        sql`select ${ROW_COLUMNS} from ${outboundCalls} where ${sql.join([...base, ...extra], sql` and `)}
            order by ${outboundCalls.outboundId} desc limit 1`,
      ),
    )[0] ?? null;
  if (type.CallTypeName === 'SkippedRounds') return { theCall: await find([LISTED]) };
  if (type.CallTypeName === 'WebLead') {
    return {
      theCall: await find([
        sql`exists (select 1 from web_leads w where w.web_lead_id = ${outboundCalls.webLeadCallId} and w.status = 'new')`,
      ]),
    };
  }
  const customerLeads = await ctx.db
    .select()
    .from(leads)
    .where(and(eq(leads.sqldbid, sqldbid), eq(leads.custNo, customerNo), inScope(user.scope, leads.branchNo)));
  const lead = firstLeadByPriority(
    customerLeads.filter((l) => l.callType === type.CallTypeName && l.outboundId !== null),
  );
  if (lead?.outboundId) return { theCall: await find([sql`${outboundCalls.outboundId} = ${lead.outboundId}`]) };
  return { theCall: await find([LISTED]) };
}

/**
 * CSRs a list can name (callback agents), by the caller's scope (decision 014):
 * - all (corporate admin) and general (external): every active user;
 * - designation (company-owned: COF, corporate non-admin: IND): users with a branch of that designation or of a
 *   franchise of it (sqldbid), and the users of the caller's own company (the company-owned staff, the corporate
 *   call centre), never staff of the other designation;
 * - branches (independent franchise): colleagues sharing one of the caller's branches.
 */
export async function agentNames(ctx: AppContext, user: AuthUser): Promise<{ id: number; name: string }[]> {
  const scope = user.scope;
  const withBranchInScope = sql`${users.userId} in (select ${userBranches.userId} from ${userBranches} where ${inScope(scope, userBranches.branchNo)})`;
  let condition;
  switch (scope.kind) {
    case 'all':
    case 'general':
      condition = sql`true`;
      break;
    case 'branches':
      condition = withBranchInScope;
      break;
    case 'designation':
      condition = sql`(${withBranchInScope}
        or ${users.sqldbid} in (select ${franchises.sqldbid} from ${franchises} where ${inScope(scope, franchises.branchNo)})
        or ${users.companyId} = ${user.companyId})`;
      break;
  }
  const rows = await ctx.db
    .select({ id: users.userId, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(eq(users.active, true), condition))
    .orderBy(users.lastName, users.firstName);
  return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}` }));
}
