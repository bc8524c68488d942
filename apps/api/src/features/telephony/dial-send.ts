/** The dial request itself: posted to TELEPHONY_DIAL_URL, signed as the phone system signs its events (decision 075). */
import { TELEPHONY_SIGNATURE_HEADER, TELEPHONY_TIMESTAMP_HEADER } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { signBody } from './signature.js';

const DIAL_TIMEOUT_MS = 5000;

export async function sendDial(
  ctx: AppContext,
  dialUrl: string,
  secret: string,
  request: { agent: string; number: string; callId: string; time: Date },
): Promise<void> {
  const body = JSON.stringify({ ...request, time: request.time.toISOString() });
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
}
