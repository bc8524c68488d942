/**
 * The two messages of the end-call sequence, queued in the caller's transaction (delivered after commit
 * by the mail worker): the end-call confirmation with the call's receipt (SendEndCallEmail, step 7) and
 * the THP email (insertSalesforceTHPEmail). Recipients: docs/decisions/007-email-outbox.md.
 */
import { sql } from 'drizzle-orm';
import {
  CALL_TIME_ZONE,
  endCallEmail,
  formatLocalDateTime,
  INTERESTED_RESULTS,
  sendsEndCallEmail,
  sendsThpEmail,
  splitEmailAddresses,
  thpEmail,
  THP_RESULT,
  THP_SURVEY_QUESTION_ID,
  type EmailCustomer,
  type EmailFranchise,
} from '@cc/domain';
import { jsonColumn, rowsOf, type DbOrTx } from '../../db/client.js';
import {
  customers,
  franchiseConfigs,
  franchises,
  hotProspectConfigs,
  inboundFollowUpConfigs,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { enqueueEmail } from '../mail/index.js';
import { callInScope, type CallRow } from './shared.js';
import { surveyAnswersOfCall } from './surveys.js';

export interface QueueAnswer {
  queued: boolean;
  emailId: number | null;
  status: string | null;
  reason: string | null;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The customer as now recorded; for a new prospect, as the call saw them. */
/** The customer as the call kept it: a new prospect or an unknown customer has no stored record. */
function snapshotCustomer(call: CallRow): EmailCustomer {
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

/** The call's end as a call time (America/Chicago). */
const callEnd = (call: CallRow): string => (call.callEnd ? formatLocalDateTime(call.callEnd, CALL_TIME_ZONE) : '');

export interface EmailContext {
  franchise: EmailFranchise & { companyEmails: string };
  customer: EmailCustomer;
  /** The call's branch's inbound follow-up config: copied on the emails of follow-up calls (decision 032). */
  followUpCc: string;
  /** The call's branch's hot-prospect config (decision 032); the defaults when it has none. */
  hotProspect: { active: boolean; emailAddresses: string };
}

interface EmailContextRow {
  branch: { branchNo: string; compName: string } | null;
  config: { phone: string; email: string; address: string; officeHours: string; companyEmails: string } | null;
  customer: Omit<EmailCustomer, 'customerNo'> | null;
  follow_up: { ccEmailAddresses: string } | null;
  hot_prospect: { active: boolean; emailAddresses: string } | null;
}

/**
 * What a call's emails say besides the call: the franchise (the call's branch, else the main one), its office
 * details and company addresses, the customer (the stored one, else the snapshot kept on the call), and the branch's
 * follow-up and hot-prospect configs, read in one statement: a config changed in Franchise Maintenance applies to
 * the next call.
 */
export async function emailContextOf(tx: DbOrTx, call: CallRow): Promise<EmailContext> {
  const [row] = rowsOf<EmailContextRow>(
    await tx.execute(sql`
      with branch as (
        select f.branchno, f.compname from ${franchises} f
          where f.sqldbid = ${call.sqldbid}
          order by (f.branchno = ${call.branchNo}) desc, f.def_comp desc, f.branchno limit 1
      ), call_branch as (
        select coalesce(nullif(${call.branchNo}, ''), (select branchno from branch)) as branchno
      )
      select
        (select json_build_object('branchNo', b.branchno, 'compName', b.compname) from branch b) as branch,
        (select json_build_object('ccEmailAddresses', i.cc_email_addresses)
          from ${inboundFollowUpConfigs} i, call_branch cb where i.branchno = cb.branchno) as follow_up,
        (select json_build_object('active', h.active, 'emailAddresses', h.email_addresses)
          from ${hotProspectConfigs} h, call_branch cb where h.branchno = cb.branchno) as hot_prospect,
        (select json_build_object('phone', c.phone, 'email', c.email, 'address', c.address,
            'officeHours', c.office_hours, 'companyEmails', c.cc_email_addresses)
          from ${franchiseConfigs} c where c.sqldbid = ${call.sqldbid}) as config,
        (select json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email,
            'address', u.address, 'city', u.city, 'state', u.state, 'zip', u.zip, 'homePhone', u.home_phone,
            'workPhone', u.work_phone, 'cellPhone', u.cell_phone, 'customerType', u.customer_type)
          from ${customers} u
          where u.sqldbid = ${call.sqldbid} and u.customer_no = ${call.custNo} and u.customer_no > 0) as customer`),
  );
  const branch = jsonColumn<EmailContextRow['branch']>(row?.branch);
  const config = jsonColumn<EmailContextRow['config']>(row?.config);
  const stored = jsonColumn<EmailContextRow['customer']>(row?.customer);
  const followUp = jsonColumn<EmailContextRow['follow_up']>(row?.follow_up);
  const hotProspect = jsonColumn<EmailContextRow['hot_prospect']>(row?.hot_prospect);
  return {
    followUpCc: followUp?.ccEmailAddresses ?? '',
    hotProspect: hotProspect ?? { active: true, emailAddresses: '' },
    franchise: {
      sqldbid: call.sqldbid,
      branchNo: call.branchNo || branch?.branchNo || '',
      compName: branch?.compName ?? '',
      phone: config?.phone ?? '',
      email: config?.email ?? '',
      address: config?.address ?? '',
      officeHours: config?.officeHours ?? '',
      companyEmails: config?.companyEmails ?? '',
    },
    customer: stored ? { customerNo: call.custNo, ...stored } : snapshotCustomer(call),
  };
}

const nothing = (reason: string): QueueAnswer => ({ queued: false, emailId: null, status: null, reason });

/**
 * Queue the end-call confirmation of a call in scope: to the customer with the franchise office in copy,
 * or to the office alone when the customer has no email; nothing when the call says not to send email
 * or nobody has an address. The company config's CC addresses are copied too, and on a follow-up call (an inbound
 * follow-up, or a result that adds one) the branch's follow-up CC addresses (decision 032). A call has one
 * confirmation: queueing it again answers the first.
 */
export async function queueEndCallEmail(tx: DbOrTx, user: AuthUser, callId: number, now: Date): Promise<QueueAnswer> {
  const call = await callInScope(tx, user.scope, callId);
  if (!call.sendemail) return nothing('The call is marked not to send email.');
  return queueEndCallEmailOf(tx, user, call, await emailContextOf(tx, call), now);
}

/** {@link queueEndCallEmail} for a call the caller holds, with its {@link emailContextOf}. */
export async function queueEndCallEmailOf(
  tx: DbOrTx,
  user: AuthUser,
  call: CallRow,
  { franchise, customer, followUpCc }: EmailContext,
  now: Date,
): Promise<QueueAnswer> {
  if (!call.sendemail) return nothing('The call is marked not to send email.');
  if (!sendsEndCallEmail(call.callResult)) return nothing('Nobody was spoken to on this call.');
  const customerEmail = (call.custEmail || customer.email).trim();
  const office = splitEmailAddresses(franchise.email);
  const to = customerEmail !== '' ? [customerEmail] : office;
  if (to.length === 0) return nothing('Neither the customer nor the franchise has an email address.');
  const followUpCall =
    call.callType === 'InboundFollowUp' || (INTERESTED_RESULTS as readonly string[]).includes(call.callResult.trim());
  const copied = [
    ...(customerEmail !== '' ? office : []),
    ...splitEmailAddresses(franchise.companyEmails),
    ...(followUpCall ? splitEmailAddresses(followUpCc) : []),
  ];
  const cc = splitEmailAddresses(copied.join(';')).filter(
    (a) => !to.some((recipient) => recipient.toLowerCase() === a.toLowerCase()),
  );
  const content = endCallEmail({
    callId: call.callId,
    callEnd: callEnd(call),
    callResult: call.callResult,
    agent: call.csagent,
    customer,
    franchise,
    receipt: call.reciept,
    orderId: call.orderId,
  });
  const queued = await enqueueEmail(
    tx,
    { kind: 'end-call', to, cc, ...content, callId: call.callId, orderId: call.orderId, createdBy: user.userId },
    now,
  );
  return { queued: true, emailId: queued.emailId, status: queued.status, reason: null };
}

/**
 * Queue the THP email of a call in scope whose result is 'Interested Prospect - THP' or whose survey
 * answers question 105 Yes (otherwise 400): to the branch's hot-prospect addresses, else the company's email
 * addresses, else the office; nothing when the branch's hot prospects are not emailed (decision 032); with the
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
  return queueThpEmailOf(tx, user, call, await emailContextOf(tx, call), answers, now);
}

/** {@link queueThpEmail} for a call the caller holds (it has checked the THP rule), with its survey answers. */
export async function queueThpEmailOf(
  tx: DbOrTx,
  user: AuthUser,
  call: CallRow,
  { franchise, customer, hotProspect }: EmailContext,
  answers: Record<number | string, string>,
  now: Date,
): Promise<QueueAnswer> {
  if (!hotProspect.active) return nothing("The branch's hot prospects are not emailed.");
  const companyEmails = splitEmailAddresses(franchise.companyEmails);
  const branchEmails = splitEmailAddresses(hotProspect.emailAddresses);
  const to =
    branchEmails.length > 0
      ? branchEmails
      : companyEmails.length > 0
        ? companyEmails
        : splitEmailAddresses(franchise.email);
  if (to.length === 0) return nothing('The franchise has no email address.');
  const content = thpEmail({
    callId: call.callId,
    callEnd: callEnd(call),
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
    { kind: 'thp', to, ...content, callId: call.callId, orderId: call.orderId, createdBy: user.userId },
    now,
  );
  return { queued: true, emailId: queued.emailId, status: queued.status, reason: null };
}
