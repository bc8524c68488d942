/**
 * Reassign Callbacks and the CSR list (administration.md §2, §3, §7; decision 031).
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { CALLBACKS_LIMIT, type Callback, type CallbackHolder, type CallbacksQuery, type SccDbUser } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { userName, callTime, dayAfter, dayStart } from '../../db/sql.js';
import { outboundCalls as o, userBranches, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { LISTED } from '../outbound/index.js';
import { writeAudits } from '../users/index.js';
import { checkCsr } from './groups.js';

/**
 * GetSCCDbUsers: the call-centre users with their flags. Those with allowCorporate or isAdmin (the corporate call
 * centre, who may be given any franchise's lists) for everyone; franchise CSRs (allowFranchise) only to callers whose
 * scope holds one of their branches.
 */
export async function sccDbUsers(ctx: AppContext, user: AuthUser): Promise<SccDbUser[]> {
  const franchiseColleague = sql`${users.userId} in (select ${userBranches.userId} from ${userBranches}
    where ${inScope(user.scope, userBranches.branchNo)})`;
  return ctx.db
    .select({
      id: users.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      allowCorporate: users.allowCorporate,
      allowFranchise: users.allowFranchise,
      isAdmin: users.isAdmin,
      allowVerification: users.allowVerification,
      measureItToolOnly: users.measureItToolOnly,
    })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        or(
          eq(users.allowCorporate, true),
          eq(users.isAdmin, true),
          and(eq(users.allowFranchise, true), franchiseColleague),
        ),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** An open callback: listed, status Callback, with a callback date. The UPDATE below re-checks it row by row. */
const OPEN_CALLBACK = sql`${LISTED} and ${o.callStatus} = 'Callback' and ${o.callBackDate} is not null`;

/** GetCallbacks: the open callbacks in scope, soonest first, by CSR and a range of callback days (America/Chicago). */
export async function callbacks(ctx: AppContext, user: AuthUser, query: CallbacksQuery) {
  if (query.from && query.to && query.from > query.to) throw badRequest('to', 'must not be before from');
  const inDays: SQL[] = [OPEN_CALLBACK, inScope(user.scope, o.branchNo)];
  if (query.from) inDays.push(sql`${o.callBackDate} >= ${dayStart(query.from)}`);
  if (query.to) inDays.push(sql`${o.callBackDate} < ${dayAfter(query.to)}`);
  const where = query.csr === undefined ? inDays : [...inDays, sql`${o.callBackCsr} = ${query.csr}`];
  const condition = sql.join(where, sql` and `);
  const [data, count, holders] = await Promise.all([
    ctx.db.execute(sql`select ${o.outboundId} as "OutboundId", ${o.type} as "Type", ${o.branchNo} as "branchNo",
        ${o.custNo} as "cust_No", ${o.firstName} as "FirstName", ${o.lastName} as "LastName", ${o.phone} as "Phone",
        ${o.callBackCsr} as "callBackCSR",
        ${userName(o.callBackCsr)} as "callBackCSRName",
        ${callTime(o.callBackDate)} as "callBackDate"
      from ${o} where ${condition}
      order by ${o.callBackDate}, ${o.outboundId} limit ${CALLBACKS_LIMIT}`),
    ctx.db.execute(sql`select count(*)::int as total from ${o} where ${condition}`),
    // The holders whatever the CSR filter is: the filter offers them all (decision 065).
    ctx.db.execute(sql`select ${users.userId} as "userId", ${users.username} as "username",
        ${users.firstName} as "firstName", ${users.lastName} as "lastName", count(*)::int as "callbacks"
      from ${o} join ${users} on ${users.userId} = ${o.callBackCsr}
      where ${sql.join(inDays, sql` and `)}
      group by 1, 2, 3, 4 order by 4, 3, 2`),
  ]);
  return {
    data: rowsOf<Callback>(data),
    total: rowsOf<{ total: number }>(count)[0]?.total ?? 0,
    holders: rowsOf<CallbackHolder>(holders),
  };
}

/**
 * updateCallbacks: give each row's callback to its new CSR, all in one transaction. The UPDATE's WHERE re-checks that
 * the callback is still open and in scope, so one that its CSR ended meanwhile (completed, or no longer a callback) is
 * left as it is: the answer's count is of those reassigned, `notReassigned` names the others. Sending the same rows
 * again reassigns them to the same CSRs: the same answer, nothing more changes.
 */
export async function updateCallbacks(
  ctx: AppContext,
  user: AuthUser,
  input: { rows: { OutboundId: number; callBackCSR: number }[] },
): Promise<{ count: number; notReassigned: number[] }> {
  const seen = new Set<number>();
  input.rows.forEach((row, i) => {
    if (seen.has(row.OutboundId)) throw badRequest(`rows.${i}.OutboundId`, `callback ${row.OutboundId} is named twice`);
    seen.add(row.OutboundId);
  });
  const fieldOf = (id: number) => `rows.${input.rows.findIndex((r) => r.callBackCSR === id)}.callBackCSR`;
  return ctx.db.transaction(async (tx) => {
    await checkCsr(
      tx,
      input.rows.map((r) => r.callBackCSR),
      fieldOf,
    );
    const values = sql.join(
      input.rows.map((r) => sql`(${r.OutboundId}::int, ${r.callBackCSR}::int)`),
      sql`, `,
    );
    const changed = rowsOf<{ id: number; before: number | null; after: number }>(
      await tx.execute(sql`update ${o} set call_back_csr = v.csr
        from (values ${values}) as v(id, csr),
          (select ${o.outboundId} as id, ${o.callBackCsr} as csr from ${o}
            where ${o.outboundId} in (select id from (values ${values}) as w(id, csr))) as p
        where ${o.outboundId} = v.id and p.id = v.id and ${OPEN_CALLBACK} and ${inScope(user.scope, o.branchNo)}
        returning ${o.outboundId} as id, p.csr as before, v.csr as after`),
    );
    await writeAudits(
      ctx,
      tx,
      user,
      changed.map((c) => ({
        action: 'update',
        entity: 'callback',
        entityId: c.id,
        targetUserId: c.after,
        before: { callBackCSR: c.before },
        after: { callBackCSR: c.after },
      })),
    );
    const done = new Set(changed.map((c) => c.id));
    return { count: changed.length, notReassigned: input.rows.map((r) => r.OutboundId).filter((id) => !done.has(id)) };
  });
}
