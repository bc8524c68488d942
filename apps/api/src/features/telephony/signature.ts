/**
 * The phone system's signature (decision 074), as the common webhook schemes sign (Stripe, Slack, Twilio's newer
 * ones): HMAC-SHA256 with the shared secret over `<timestamp>.<raw body>`, sent hex in `X-Telephony-Signature` as
 * `sha256=<hex>` beside the Unix time in seconds in `X-Telephony-Timestamp`. A timestamp further than the allowed age
 * from our clock is stale; the same signature twice is a replay, refused by the database (service.ts).
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { TELEPHONY_SIGNATURE_HEADER, TELEPHONY_TIMESTAMP_HEADER } from '@cc/contract';
import { AppError, unauthenticated } from '../../http/errors.js';

export const signBody = (secret: string, timestamp: string, body: string): string =>
  crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it came, for a signature over it (the telephony routes' parser keeps it). */
    rawBody?: string;
    /** The verified signature of the request, its replay key. */
    telephonySignature?: string;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Check a request's signature: 503 when no secret is configured, 401 when the headers are missing or wrong, or the
 * timestamp is stale. On success the signature is kept on the request for the replay check.
 */
export function verifySignature(
  request: FastifyRequest,
  settings: { secret: string | undefined; maxAgeSeconds: number },
  now: Date,
): void {
  if (!settings.secret) {
    throw new AppError('UNAVAILABLE', 'The phone system is not configured here (TELEPHONY_SECRET is unset).');
  }
  const timestamp = header(request, TELEPHONY_TIMESTAMP_HEADER);
  const sent = header(request, TELEPHONY_SIGNATURE_HEADER);
  if (!timestamp || !sent) {
    throw unauthenticated(`Sign the request: ${TELEPHONY_TIMESTAMP_HEADER} and ${TELEPHONY_SIGNATURE_HEADER}.`);
  }
  if (!/^\d{1,12}$/.test(timestamp)) throw unauthenticated(`${TELEPHONY_TIMESTAMP_HEADER} must be Unix seconds.`);
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > settings.maxAgeSeconds) {
    throw unauthenticated('The request is stale: its timestamp is too far from now.');
  }
  const match = /^sha256=([0-9a-f]{64})$/i.exec(sent);
  const expected = Buffer.from(signBody(settings.secret, timestamp, request.rawBody ?? ''), 'hex');
  const given = match?.[1] ? Buffer.from(match[1], 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw unauthenticated('The signature does not match.');
  }
  request.telephonySignature = expected.toString('hex');
}
