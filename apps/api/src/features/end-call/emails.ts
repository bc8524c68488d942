/**
 * The two messages of the end-call sequence, queued in the caller's transaction (delivered after commit
 * by the mail worker): the end-call confirmation with the call's receipt (SendEndCallEmail, step 7) and
 * the THP email (insertSalesforceTHPEmail). Recipients: docs/decisions/007-email-outbox.md.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  endCallEmail,
  sendsThpEmail,
  splitEmailAddresses,
  thpEmail,
  THP_RESULT,
  THP_SURVEY_QUESTION_ID,
  type EmailCustomer,
  type EmailFranchise,
} from '@cc/domain';
import type { DbOrTx } from '../../db/client.js';
import { callTime } from '../../db/sql.js';
import { callHistory, customers, franchiseConfigs, franchises } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { enqueueEmail } from './outbox.js';
import { callInScope, type CallRow } from './shared.js';
import { surveyAnswersOfCall } from './surveys.js';

export interface QueueAnswer {
  queued: boolean;
  emailId: number | null;
  status: string | null;
  reason: string | null;
}

async function franchiseOf(tx: DbOrTx, call: CallRow): Promise<EmailFranchise & { companyEmails: string }> {
  const [branch] = await tx
    .select({ branchNo: franchises.branchNo, compName: franchises.compName })
    .from(franchises)
    .where(and(eq(franchises.sqldbid, call.sqldbid)))
    .orderBy(desc(eq(franchises.branchNo, call.branchNo)), desc(franchises.defComp), asc(franchises.branchNo))
    .limit(1);
  const [config] = await tx.select().from(franchiseConfigs).where(eq(franchiseConfigs.sqldbid, call.sqldbid));
  return {
    sqldbid: call.sqldbid,
    branchNo: call.branchNo || branch?.branchNo || '',
    compName: branch?.compName ?? '',
    phone: config?.phone ?? '',
    email: config?.email ?? '',
    address: config?.address ?? '',
    officeHours: config?.officeHours ?? '',
    companyEmails: config?.ccEmailAddresses ?? '',
  };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The customer as now recorded; for a new prospect, as the call saw them. */
async function customerOf(tx: DbOrTx, call: CallRow): Promise<EmailCustomer> {
  if (call.custNo > 0) {
    const [row] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.sqldbid, call.sqldbid), eq(customers.customerNo, call.custNo)));
    if (row) {
      return {
        customerNo: row.customerNo,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        address: row.address,
        city: row.city,
        state: row.state,
        zip: row.zip,
        homePhone: row.homePhone,
        workPhone: row.workPhone,
        cellPhone: row.cellPhone,
        customerType: row.customerType,
      };
    }
  }
  const snapshot = (call.customer ?? {}) as Record<string, unknown>;
  return {
    customerNo: call.custNo,
    firstName: str(snapshot.firstName),
    lastName: str(snapshot.lastName),
    email: str(snapshot.email) || call.custEmail,
    address: str(snapshot.address),
    city: str(snapshot.city),
    state: str(snapshot.state),
    zip: str(snapshot.zip) || call.zipcode,
    homePhone: str(snapshot.homePhone),
    workPhone: str(snapshot.workPhone),
    cellPhone: str(snapshot.cellPhone),
    customerType: str(snapshot.customerType) || call.custType,
  };
}

async function callEnd(tx: DbOrTx, callId: number): Promise<string> {
  const [row] = await tx
    .select({ end: sql<string | null>`${callTime(callHistory.callEnd)}` })
    .from(callHistory)
    .where(eq(callHistory.callId, callId));
  return row?.end ?? '';
}

const nothing = (reason: string): QueueAnswer => ({ queued: false, emailId: null, status: null, reason });

/**
 * Queue the end-call confirmation of a call in scope: to the customer with the franchise office in copy,
 * or to the office alone when the customer has no email; nothing when the call says not to send email
 * or nobody has an address. A call has one confirmation: queueing it again answers the first.
 */
export async function queueEndCallEmail(tx: DbOrTx, user: AuthUser, callId: number, now: Date): Promise<QueueAnswer> {
  const call = await callInScope(tx, user.scope, callId);
  if (!call.sendemail) return nothing('The call is marked not to send email.');
  const franchise = await franchiseOf(tx, call);
  const customer = await customerOf(tx, call);
  const end = await callEnd(tx, callId);
  const customerEmail = (call.custEmail || customer.email).trim();
  const office = splitEmailAddresses(franchise.email);
  const to = customerEmail !== '' ? [customerEmail] : office;
  const cc = customerEmail !== '' ? office : [];
  if (to.length === 0) return nothing('Neither the customer nor the franchise has an email address.');
  const content = endCallEmail({
    callId,
    callEnd: end,
    callResult: call.callResult,
    agent: call.csagent,
    customer,
    franchise,
    receipt: call.reciept,
    orderId: call.orderId,
  });
  const queued = await enqueueEmail(
    tx,
    { kind: 'end-call', to, cc, ...content, callId, orderId: call.orderId, createdBy: user.userId },
    now,
  );
  return { queued: true, emailId: queued.emailId, status: queued.status, reason: null };
}

/**
 * Queue the THP email of a call in scope whose result is 'Interested Prospect - THP' or whose survey
 * answers question 105 Yes (otherwise 400): to the company's email addresses, else the office; with the
 * customer, the call, the franchise and those addresses. Queueing it again answers the first.
 */
export async function queueThpEmail(tx: DbOrTx, user: AuthUser, callId: number, now: Date): Promise<QueueAnswer> {
  const call = await callInScope(tx, user.scope, callId);
  const answers = Object.fromEntries((await surveyAnswersOfCall(tx, callId)).map((a) => [a.questionId, a.value]));
  if (!sendsThpEmail(call.callResult, answers)) {
    throw badRequest(
      'callId',
      `the call's result is not '${THP_RESULT}' and its survey does not answer question ${THP_SURVEY_QUESTION_ID} Yes`,
    );
  }
  const franchise = await franchiseOf(tx, call);
  const customer = await customerOf(tx, call);
  const end = await callEnd(tx, callId);
  const companyEmails = splitEmailAddresses(franchise.companyEmails);
  const to = companyEmails.length > 0 ? companyEmails : splitEmailAddresses(franchise.email);
  if (to.length === 0) return nothing('The franchise has no email address.');
  const content = thpEmail({
    callId,
    callEnd: end,
    callResult: call.callResult,
    surveyInterest: sendsThpEmail('', answers),
    agent: call.csagent,
    notes: call.csrNotes,
    customer,
    franchise,
    companyEmails,
  });
  const queued = await enqueueEmail(
    tx,
    { kind: 'thp', to, ...content, callId, orderId: call.orderId, createdBy: user.userId },
    now,
  );
  return { queued: true, emailId: queued.emailId, status: queued.status, reason: null };
}
