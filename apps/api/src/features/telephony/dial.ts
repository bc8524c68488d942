/**
 * Click-to-dial (decision 075): the app asks the phone system to dial one of a customer's numbers for the CSR, with a
 * request signed as the phone system signs its events (signature.ts), carrying a callId the app assigns. Never a
 * number on the do-not-call list, never outside the calling hours of the customer's branch (`dialProblem`).
 *
 * Next Call dials the outbound call it opened (docs/decisions/084-next-call-dials.md): the list row's number, else the
 * customer's first, once per call — the CSR, the row, its attempt and the branch's day — however often it is asked.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { dialProblem, formatLocalDateTime, phoneDigits } from '@cc/domain';
import type { DialAnswer, DialRequest } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { franchises, outboundCalls } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { customerRow, requireCallHeld } from '../current-call/index.js';
import { LISTED } from '../outbound/index.js';
import { sendDial } from './dial-send.js';
import { signBody } from './signature.js';

/** A number worth dialling: seven digits at least (a local number). */
const dialable = (digits: string) => digits.length >= 7;

/** What is dialled, and the key that makes asking again the same dial (none: each request dials). */
interface Dial {
  number: string;
  timeZone: string;
  doNotCall: boolean;
  /** Of Next Call's dial: the outbound call, which the CSR must hold; and the dial's identity. */
  call?: { sqldbid: number; customerNo: number; identity: string };
}

export async function dial(ctx: AppContext, user: AuthUser, request: DialRequest): Promise<DialAnswer> {
  const { dialUrl, secret } = ctx.config.telephony;
  if (!dialUrl || !secret) {
    throw new AppError('UNAVAILABLE', 'Click-to-dial is not configured here: dial the number on the phone.');
  }
  const target = await dialTarget(ctx, user, request);
  const now = ctx.now();
  const problem = dialProblem({ doNotCall: target.doNotCall, now, timeZone: target.timeZone });
  if (problem) throw new AppError('CONFLICT', problem);

  const callId = randomUUID();
  // The replay key of the events table (decision 074), here the dial's own: a signature over the call it dials, so
  // that asking again for the same call finds it; a Dial button's press is its own dial.
  const key = signBody(secret, 'dial', target.call?.identity ?? callId);
  // The record and the request go together: should the phone system fail, nothing is recorded and asking again
  // dials; a second request for the same call waits here on the unique key for the first's outcome.
  return ctx.db.transaction(async (tx) => {
    if (target.call) await requireCallHeld(ctx, tx, user, target.call.sqldbid, target.call.customerNo);
    const [inserted] = rowsOf<{ event_id: number }>(
      await tx.execute(sql`insert into telephony_events
          (signature, type, phone_call_id, ani, dnis, agent, user_id, event_time, received_at, customers)
        values (${key}, 'dialled', ${callId}, ${target.number}, '', ${user.username}, ${user.userId},
          ${now.toISOString()}, ${now.toISOString()}, null)
        on conflict (signature) do nothing
        returning event_id`),
    );
    if (!inserted) return earlierDial(tx, key);
    await sendDial(ctx, dialUrl, secret, { agent: user.username, number: target.number, callId, time: now });
    return { number: target.number, callId, dialledAt: now.toISOString(), repeated: false };
  });
}

async function earlierDial(tx: DbOrTx, key: string): Promise<DialAnswer> {
  const [row] = rowsOf<{ number: string; call_id: string; at: Date | string }>(
    await tx.execute(sql`select ani as number, phone_call_id as call_id, event_time as at
      from telephony_events where signature = ${key}`),
  );
  if (!row) throw new AppError('CONFLICT', 'The dial request was refused: ask again.');
  return { number: row.number, callId: row.call_id, dialledAt: new Date(row.at).toISOString(), repeated: true };
}

/** The number to dial and the rules it keeps, read on the server from what the CSR may see. */
async function dialTarget(ctx: AppContext, user: AuthUser, request: DialRequest): Promise<Dial> {
  const customer = await customerRow(ctx.db, user.scope, request.sqldbid, request.customerNo);
  if (!customer) throw notFound('Customer Not Found.');
  const timeZone = await branchTimeZone(ctx.db, customer.branchNo);
  const phones = { home: customer.homePhone, work: customer.workPhone, cell: customer.cellPhone };
  if (request.phone) {
    const number = phoneDigits(phones[request.phone]);
    if (!dialable(number)) throw badRequest('phone', `the customer has no ${request.phone} phone`);
    return { number, timeZone, doNotCall: customer.federalDoNotCall };
  }
  const outboundId = request.outboundId ?? 0;
  const [row] = await ctx.db
    .select({ phone: outboundCalls.phone, attempts: outboundCalls.callAttempts })
    .from(outboundCalls)
    .where(
      and(
        eq(outboundCalls.outboundId, outboundId),
        eq(outboundCalls.sqldbid, request.sqldbid),
        eq(outboundCalls.custNo, request.customerNo),
        LISTED,
        inScope(user.scope, outboundCalls.branchNo),
      ),
    );
  if (!row) throw notFound('Call not found.');
  const number = [row.phone, phones.home, phones.work, phones.cell].map(phoneDigits).find(dialable);
  if (!number) throw badRequest('outboundId', 'neither the call nor the customer has a phone number');
  const day = formatLocalDateTime(ctx.now(), timeZone).slice(0, 10);
  return {
    number,
    timeZone,
    doNotCall: customer.federalDoNotCall,
    call: {
      sqldbid: request.sqldbid,
      customerNo: request.customerNo,
      identity: `${user.userId}.${outboundId}.${row.attempts}.${day}`,
    },
  };
}

async function branchTimeZone(db: DbOrTx, branchNo: string): Promise<string> {
  const [branch] = await db
    .select({ timeZone: franchises.timeZone })
    .from(franchises)
    .where(eq(franchises.branchNo, branchNo));
  return branch?.timeZone ?? 'America/Chicago';
}
