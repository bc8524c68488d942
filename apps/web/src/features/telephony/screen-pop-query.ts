/**
 * The screen-pop URL's query (decision 075): `ani` the caller's number, `dnis` the number dialled, `callId` the phone
 * system's id of the call. The common vendors' names are read too, so a phone system can be pointed here with its
 * own variables: Five9 (`ANI`, `DNIS`, `call_id`), Genesys (`Ani`, `Dnis`, `ConversationId`), Amazon Connect
 * (`CustomerEndpoint`, `SystemEndpoint`, `ContactId`), VICIdial (`phone_number`, `did_pattern`, `uniqueid`), Twilio
 * (`From`, `To`, `CallSid`).
 */
import { PHONE_CALL_ID, type ScreenPop } from '@cc/contract';
import { phoneDigits } from '@cc/domain';

const NAMES: Record<keyof ScreenPop, readonly string[]> = {
  ani: ['ani', 'ANI', 'Ani', 'CustomerEndpoint', 'phone_number', 'From', 'caller'],
  dnis: ['dnis', 'DNIS', 'Dnis', 'SystemEndpoint', 'did_pattern', 'To', 'dialed'],
  callId: ['callId', 'call_id', 'ConversationId', 'ContactId', 'uniqueid', 'CallSid'],
};

const first = (params: URLSearchParams, names: readonly string[]): string => {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return '';
};

/** The pop a query describes; null without a caller's number with at least 3 digits. */
export function popFromQuery(params: URLSearchParams): ScreenPop | null {
  // Digits as the customer search compares them (a leading 1 of eleven digits dropped).
  const ani = phoneDigits(first(params, NAMES.ani));
  if (ani.length < 3) return null;
  return {
    ani,
    dnis: phoneDigits(first(params, NAMES.dnis)),
    // An id the call history cannot keep is dropped rather than carried to an End Call that would refuse it.
    callId: PHONE_CALL_ID.test(first(params, NAMES.callId)) ? first(params, NAMES.callId) : '',
  };
}
