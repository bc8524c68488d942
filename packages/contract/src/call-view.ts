/**
 * A call opened from Call Search, to look at (docs/decisions/066-who-a-call-is-for-no-contact-and-callback-hours.md):
 * the call row, its customer and the customer's call history (results and notes), read-only. Looking takes no lock
 * and writes nothing; working the call goes through the call screen and every rule of opening a call.
 */
import { ACCESS } from '@cc/domain';
import { z } from './zod.js';
import { IdParam } from './common.js';
import { CallSearchRow } from './call-search.js';
import type { RouteDef } from './route-def.js';

export const CallViewParams = z.object({ outboundId: IdParam });

export const CallViewCustomer = z.object({
  customerNo: z.number().int(),
  customerType: z.string(),
  status: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  email: z.string(),
  homePhone: z.string(),
  workPhone: z.string(),
  cellPhone: z.string(),
});
export type CallViewCustomer = z.infer<typeof CallViewCustomer>;

/** One call of the customer's history; times 'YYYY-MM-DD HH:mm:ss' America/Chicago. */
export const CallViewHistoryRow = z.object({
  call_id: z.number().int(),
  call_start: z.string().nullable(),
  csagent: z.string(),
  call_type: z.string(),
  call_result: z.string(),
  call_target: z.string().nullable(),
  csr_notes: z.string(),
  /** The outbound call it ended, when it was one: the viewed call's own records carry its id. */
  outbound_id: z.number().int().nullable(),
});
export type CallViewHistoryRow = z.infer<typeof CallViewHistoryRow>;

/** The most history records a view shows, newest first. */
export const CALL_VIEW_HISTORY_LIMIT = 50;

export const CallViewResponse = z.object({
  call: CallSearchRow,
  /** Null when the call has no customer on record. */
  customer: CallViewCustomer.nullable(),
  history: z.array(CallViewHistoryRow),
});
export type CallViewResponse = z.infer<typeof CallViewResponse>;

export const callViewRoutes = {
  callView: {
    method: 'GET',
    path: '/api/call-search/calls/:outboundId',
    access: ACCESS.callSearch,
    params: CallViewParams,
    response: CallViewResponse,
  },
} as const satisfies Record<string, RouteDef>;
