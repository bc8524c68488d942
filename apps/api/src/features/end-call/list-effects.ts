/**
 * What ending a call does to the lists and the call (call-handling.md §4): the outbound row's status, the web lead,
 * an inbound follow-up due in its branch's window, and the release of the call's lock, saved call and working state.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CALL_TIME_ZONE, CONFIG_DEFAULTS, followUpDue, formatLocalDateTime, type listEffectsOf } from '@cc/domain';
import type { DbOrTx } from '../../db/client.js';
import {
  callLocks,
  callWorkStates,
  customers,
  inboundFollowUpConfigs,
  outboundCalls,
  savedCalls,
  webLeads,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import type { recordCallCustomer } from '../current-call/index.js';
import { writeCallbackStatus } from './call-history.js';
import { PROSPECT_LAWN_SIZE, fromCallTime } from './shared.js';
import type { EndCallInput } from './command-steps.js';

/** §4 call status at end and list effects, on the outbound row and the lists. */
export async function applyListEffects(
  tx: DbOrTx,
  user: AuthUser,
  input: EndCallInput,
  callType: string,
  status: 'Callback' | 'End' | null,
  effects: ReturnType<typeof listEffectsOf>,
  now: Date,
  prospect: Awaited<ReturnType<typeof recordCallCustomer>> | null,
  branchNo: string,
): Promise<void> {
  const outboundId = input.outboundId;
  if (outboundId !== undefined && status === 'Callback' && input.callbackAt) {
    const at = input.callbackAt.length === 16 ? `${input.callbackAt}:00` : input.callbackAt;
    await writeCallbackStatus(tx, user, { outboundId, callBackDate: at }, now);
  } else if (outboundId !== undefined && status === 'End') {
    // The call is over: it leaves its list, and the call search's agent (the callback CSR) and last-accessed date
    // say who ended it and when (decision 062).
    await tx
      .update(outboundCalls)
      .set({
        callStatus: 'End',
        callAttempts: sql`${outboundCalls.callAttempts} + 1`,
        lastAccessDate: now,
        lastAccessCsr: user.userId,
        ...(effects.completeRow ? { callComplete: true, callBackCsr: user.userId } : {}),
      })
      .where(eq(outboundCalls.outboundId, outboundId));
  }
  if (outboundId !== undefined && effects.deleteWebLead) {
    const [row] = await tx
      .update(outboundCalls)
      .set({ deletedAt: now, deletedBy: user.userId })
      .where(and(eq(outboundCalls.outboundId, outboundId), sql`${outboundCalls.deletedAt} is null`))
      .returning({ webLeadId: outboundCalls.webLeadCallId });
    if (row?.webLeadId) {
      await tx
        .update(webLeads)
        .set({ status: 'deleted', closedAt: now, closedBy: user.userId })
        .where(eq(webLeads.webLeadId, row.webLeadId));
    }
  }
  // The follow-up falls due in its branch's follow-up window (Franchise Maintenance, decision 032).
  const due = effects.addInboundFollowUp
    ? await followUpDueAt(tx, branchNo, now)
    : sql`${now.toISOString()}::timestamptz`;
  if (effects.addInboundFollowUp && input.customerNo > 0) {
    await tx.execute(sql`
      insert into outbound_calls (id, type, call_source, call_attempts, call_origin, call_back_date, branchno, sqldbid,
        cust_no, first_name, last_name, street, city, state, zip, phone, size, customer_type, cust_status, status_date,
        call_status, comments)
      select c.customer_id, 'InboundFollowUp', 'Outbound-InboundFollowUp', 0, 'Outbound', ${due},
        c.branchno, c.sqldbid, c.customer_no, c.first_name, c.last_name, c.address, c.city, c.state, c.zip,
        coalesce(nullif(c.home_phone, ''), c.cell_phone), c.lawn_size, c.customer_type, c.status,
        ${now.toISOString()}::timestamptz, 'New', ${`Follow-up after ${callType}: ${input.result}`}
      from ${customers} c where c.sqldbid = ${input.sqldbid} and c.customer_no = ${input.customerNo}`);
  } else if (effects.addInboundFollowUp && input.customerNo === 0) {
    // A new prospect has no stored record: the follow-up carries what the call knew of them (decision 010). An
    // unknown customer (-1) gets none: the lists drop rows without a customer number (§5).
    const c = prospect;
    await tx.insert(outboundCalls).values({
      id: 0,
      type: 'InboundFollowUp',
      callSource: 'Outbound-InboundFollowUp',
      callAttempts: 0,
      callOrigin: 'Outbound',
      callBackDate: sql`${due}`,
      branchNo,
      sqldbid: input.sqldbid,
      custNo: 0,
      firstName: c?.firstName ?? '',
      lastName: c?.lastName ?? '',
      street: c?.address ?? '',
      city: c?.city ?? '',
      state: c?.state ?? '',
      zip: c?.zip ?? '',
      phone: c?.homePhone || c?.cellPhone || c?.workPhone || '',
      size: String(c?.lawnSize ?? PROSPECT_LAWN_SIZE),
      customerType: 'Prospect',
      custStatus: 'Prospect',
      statusDate: now,
      callStatus: 'New',
      comments: `Follow-up after ${callType}: ${input.result}`,
    });
  }
}

/**
 * When a follow-up added now falls due: at once inside its branch's follow-up window, else at the window's next
 * start (America/Chicago; the defaults for a branch without a config).
 */
async function followUpDueAt(tx: DbOrTx, branchNo: string, now: Date): Promise<SQL> {
  const [config] = await tx
    .select({ start: inboundFollowUpConfigs.inboundFollowUpStart, end: inboundFollowUpConfigs.inboundFollowUpEnd })
    .from(inboundFollowUpConfigs)
    .where(eq(inboundFollowUpConfigs.branchNo, branchNo));
  const local = formatLocalDateTime(now, CALL_TIME_ZONE);
  const dueLocal = followUpDue(local, {
    start: config?.start ?? CONFIG_DEFAULTS.inboundFollowUpStart,
    end: config?.end ?? CONFIG_DEFAULTS.inboundFollowUpEnd,
  });
  return dueLocal === local ? sql`${now.toISOString()}::timestamptz` : fromCallTime(dueLocal);
}

/**
 * The call is over: its lock goes, the outbound row is no longer active, no saved call points at it and its working
 * state is gone (one statement).
 */
export async function releaseCall(tx: DbOrTx, user: AuthUser, input: EndCallInput): Promise<void> {
  const outbound =
    input.outboundId === undefined
      ? sql`select 1`
      : sql`update ${outboundCalls} set call_active = false where outbound_id = ${input.outboundId}`;
  await tx.execute(sql`
    with unlocked as (
      delete from ${callLocks}
      where sqldbid = ${input.sqldbid} and customer_no = ${input.customerNo} and user_id = ${user.userId}
    ), unsaved as (
      delete from ${savedCalls}
      where user_id = ${user.userId} and sqldbid = ${input.sqldbid} and customer_no = ${input.customerNo}
    ), forgotten as (
      delete from ${callWorkStates}
      where user_id = ${user.userId} and sqldbid = ${input.sqldbid} and customer_no = ${input.customerNo}
    )
    ${outbound}`);
}
