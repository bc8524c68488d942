/**
 * Route-table rows of the phone system (decisions 074, 075). The events' credential is the shared secret's signature
 * in the headers, checked before the body is read; no user session is asked or taken. The pop stream is a CSR's:
 * Inbound Calls, opened with a single-use ticket as the floor's stream is.
 */
import { ACCESS } from '@cc/domain';
import { PopStream, PopStreamQuery, PopStreamTicket, TelephonyEvent, TelephonyEventAnswer } from './telephony.js';

export const telephonyRoutes = {
  telephonyEvents: {
    method: 'POST',
    path: '/api/telephony/events',
    access: ACCESS.sharedSecret,
    body: TelephonyEvent,
    response: TelephonyEventAnswer,
  },
  popStreamTicket: {
    method: 'POST',
    path: '/api/telephony/pops/stream-ticket',
    access: ACCESS.inbound,
    response: PopStreamTicket,
  },
  /** text/event-stream: a `pop` event for each answered call to the caller. */
  popStream: {
    method: 'GET',
    path: '/api/telephony/pops/stream',
    access: ACCESS.inbound,
    query: PopStreamQuery,
    response: PopStream,
  },
} as const;
