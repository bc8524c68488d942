/**
 * Click-to-dial (decision 075): the app asks the phone system to dial one of a customer's numbers for the CSR, with a
 * request signed as the phone system signs its events (signature.ts), carrying a callId the app assigns. Never a
 * number on the do-not-call list, never outside the calling hours of the customer's branch (`dialProblem`).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { dialProblem, phoneDigits } from '@cc/domain';
import {
  TELEPHONY_SIGNATURE_HEADER,
  TELEPHONY_TIMESTAMP_HEADER,
  type DialAnswer,
  type DialRequest,
} from '@cc/contract';
import type { AppContext } from '../../context.js';
import { franchises } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { customerRow } from '../current-call/index.js';
import { signBody } from './signature.js';

const DIAL_TIMEOUT_MS = 5000;

export async function dial(ctx: AppContext, user: AuthUser, request: DialRequest): Promise<DialAnswer> {
  const { dialUrl, secret } = ctx.config.telephony;
  if (!dialUrl || !secret) {
    throw new AppError('UNAVAILABLE', 'Click-to-dial is not configured here: dial the number on the phone.');
  }
  const customer = await customerRow(ctx.db, user.scope, request.sqldbid, request.customerNo);
  if (!customer) throw notFound('Customer Not Found.');
  const number = phoneDigits(
    { home: customer.homePhone, work: customer.workPhone, cell: customer.cellPhone }[request.phone],
  );
  if (number.length < 7) throw badRequest('phone', `the customer has no ${request.phone} phone`);
  const [branch] = await ctx.db
    .select({ timeZone: franchises.timeZone })
    .from(franchises)
    .where(eq(franchises.branchNo, customer.branchNo));
  const problem = dialProblem({
    doNotCall: customer.federalDoNotCall,
    now: ctx.now(),
    timeZone: branch?.timeZone ?? 'America/Chicago',
  });
  if (problem) throw new AppError('CONFLICT', problem);

  const callId = randomUUID();
  const body = JSON.stringify({ agent: user.username, number, callId, time: ctx.now().toISOString() });
  const timestamp = String(Math.floor(ctx.now().getTime() / 1000));
  let status: number;
  try {
    const response = await fetch(dialUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TELEPHONY_TIMESTAMP_HEADER]: timestamp,
        [TELEPHONY_SIGNATURE_HEADER]: `sha256=${signBody(secret, timestamp, body)}`,
      },
      body,
      signal: AbortSignal.timeout(DIAL_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    throw new AppError(
      'BAD_GATEWAY',
      'The phone system could not be reached: dial the number on the phone.',
      undefined,
      {
        cause: error,
      },
    );
  }
  if (status < 200 || status >= 300) {
    throw new AppError('BAD_GATEWAY', `The phone system refused the dial request (${status}).`);
  }
  return { number, callId };
}
