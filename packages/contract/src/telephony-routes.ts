/**
 * Route-table rows of the phone system (decisions 074, 075). The events' credential is the shared secret's signature
 * in the headers, checked before the body is read; no user session is asked or taken. The pop stream is a CSR's
 * (whoever takes calls: it also tells the header of the CSR's agent-state changes, decision 081), opened with a
 * single-use ticket as the floor's stream is; pops go only to a CSR who takes inbound calls.
 */
import { ACCESS } from '@cc/domain';
import {
  DialAnswer,
  DialRequest,
  PopStream,
  PopStreamQuery,
  PopStreamTicket,
  TelephonyEvent,
  TelephonyEventAnswer,
} from './telephony.js';

export const telephonyRoutes = {
  telephonyEvents: {
    method: 'POST',
    path: '/api/telephony/events',
    access: ACCESS.sharedSecret,
    body: TelephonyEvent,
    response: TelephonyEventAnswer,
  },
  /**
   * Click-to-dial: the app posts a signed dial request to TELEPHONY_DIAL_URL; never a do-not-call number or outside
   * the customer's calling hours (409 with the reason); 503 when no dial URL is configured.
   */
  telephonyDial: {
    method: 'POST',
    path: '/api/telephony/dial',
    access: ACCESS.call,
    body: DialRequest,
    response: DialAnswer,
  },
  popStreamTicket: {
    method: 'POST',
    path: '/api/telephony/pops/stream-ticket',
    access: ACCESS.call,
    response: PopStreamTicket,
  },
  /** text/event-stream: a `pop` event for each answered call to the caller, a `state` event when its state changes. */
  popStream: {
    method: 'GET',
    path: '/api/telephony/pops/stream',
    access: ACCESS.call,
    query: PopStreamQuery,
    response: PopStream,
  },
} as const;
