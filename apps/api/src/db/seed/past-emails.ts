/**
 * The demo past's emails: what the end-call sequence would have sent for each sale and quote of the past, some failed
 * for good.
 */
import { sql } from 'drizzle-orm';
import { endCallEmail } from '@cc/domain';
import { rowsOf, type DbOrTx } from '../client.js';
import { emailOutbox } from '../schema/index.js';
import { Random } from './random.js';

/** Permanent refusals a mail server gives, as the mail worker records them (`address refused: reply`). */
const REFUSALS = [
  '550 5.1.1 <{a}>: Recipient address rejected: User unknown in virtual mailbox table',
  '550 5.1.1 The email account that you tried to reach does not exist.',
  '552 5.2.2 <{a}>: Mailbox full, message rejected',
  '553 5.1.3 <{a}>: Recipient address rejected: Domain not found',
  '554 5.7.1 <{a}>: Message rejected as spam by the recipient policy',
];

/**
 * The confirmation of every sale and the quote of every quoted call, sent to the customer at the call's end, as the
 * end-call sequence writes them (the domain's text); about one in twenty-five failed for good with the server's
 * permanent refusal, as the mail worker records one, for the Resend Emails utility. None is left queued: the demo's
 * mail worker would send a year of email at its first start.
 */
export async function writeEmails(tx: DbOrTx, seed: number, afterOrderId: number): Promise<void> {
  const rows = rowsOf<{
    call_id: number;
    order_id: number;
    result: string;
    agent: string;
    call_end: string;
    ended_at: string;
    receipt: string;
    customer_no: number;
    first_name: string;
    last_name: string;
    email: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    sqldbid: number;
    branchno: string;
    compname: string;
    phone: string;
    f_email: string;
    f_address: string;
    office_hours: string;
    created_by: number;
  }>(
    await tx.execute(sql`
      select h.call_id, o.order_id, h.call_result as result, h.csagent as agent,
        to_char(h.call_end at time zone 'America/Chicago', 'YYYY-MM-DD HH24:MI:SS') as call_end,
        h.call_end as ended_at,
        h.reciept as receipt, c.customer_no, c.first_name, c.last_name, c.email, c.address, c.city, c.state, c.zip,
        f.sqldbid, f.branchno, f.compname, fc.phone, fc.email as f_email, fc.address as f_address, fc.office_hours,
        h.csuser_id as created_by
      from orders o join call_history h on h.call_id = o.call_id
      join customers c on c.sqldbid = h.sqldbid and c.customer_no = h.cust_no
      join franchises f on f.branchno = h.branchno
      left join franchise_configs fc on fc.sqldbid = f.sqldbid
      where o.order_id > ${afterOrderId} and c.email <> ''
      order by o.order_id`),
  );
  const rnd = new Random(seed * 13 + 61);
  const values = rows.map((r) => {
    const content = endCallEmail({
      callId: r.call_id,
      callEnd: r.call_end,
      callResult: r.result,
      agent: r.agent,
      customer: {
        customerNo: r.customer_no,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        address: r.address,
        city: r.city,
        state: r.state,
        zip: r.zip,
      },
      franchise: {
        sqldbid: r.sqldbid,
        branchNo: r.branchno,
        compName: r.compname,
        phone: r.phone ?? '',
        email: r.f_email ?? '',
        address: r.f_address ?? '',
        officeHours: r.office_hours ?? '',
      },
      receipt: r.receipt,
      orderId: r.order_id,
    });
    const failed = rnd.chance(0.04);
    const at = new Date(r.ended_at);
    const refusal = rnd.pick(REFUSALS).replace('{a}', r.email);
    return {
      kind: 'end-call',
      toAddresses: r.email,
      subject: content.subject,
      textBody: content.text,
      htmlBody: content.html,
      messageId: `demo-past-${r.call_id}`,
      status: failed ? 'failed' : 'sent',
      attempts: 1,
      lastError: failed ? `${r.email} refused: ${refusal}` : null,
      deliveredTo: failed ? '' : r.email,
      refusedTo: failed ? r.email : '',
      nextAttemptAt: at,
      callId: r.call_id,
      orderId: r.order_id,
      createdBy: r.created_by,
      createdAt: at,
      sentAt: failed ? null : new Date(at.getTime() + 40_000),
    };
  });
  for (let i = 0; i < values.length; i += 500) {
    await tx.insert(emailOutbox).values(values.slice(i, i + 500));
  }
  await tx.execute(sql`
    update call_history h set emailsent = true from email_outbox e
    where e.call_id = h.call_id and e.status = 'sent' and e.message_id like 'demo-past-%'`);
}
