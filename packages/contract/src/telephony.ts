/**
 * The phone system and the app (decisions 074 and 075): the events a phone system pushes (signed with the shared
 * secret), the screen pop a CSR's browser hears on its stream, and the names of the screen-pop URL.
 */
import { Id, int4 } from './common.js';
import { z } from './zod.js';

export const TELEPHONY_EVENT_TYPES = ['ringing', 'answered', 'ended', 'missed'] as const;
export type TelephonyEventType = (typeof TELEPHONY_EVENT_TYPES)[number];

/** The headers of a signed request: the Unix time in seconds, and `sha256=` the hex HMAC of `<timestamp>.<body>`. */
export const TELEPHONY_TIMESTAMP_HEADER = 'x-telephony-timestamp';
export const TELEPHONY_SIGNATURE_HEADER = 'x-telephony-signature';

/** A phone number as a phone system sends it (or a supervisor types a DNIS): digits with the usual punctuation, 3 to 20 digits. */
export const PhoneText = z
  .string({ error: 'is required' })
  .trim()
  .max(40, 'is too long')
  .regex(/^\+?[\d\s().-]*$/, 'must be a phone number')
  .refine((v) => {
    const n = v.replace(/\D/g, '').length;
    return n >= 3 && n <= 20;
  }, 'must have 3 to 20 digits');

export const TelephonyEvent = z.object({
  type: z.enum(TELEPHONY_EVENT_TYPES, { error: `must be one of ${TELEPHONY_EVENT_TYPES.join(', ')}` }),
  /** The phone system's id of the call: the same on every event of one call. */
  callId: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'is too long')
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces'),
  /** The caller's number (automatic number identification). */
  ani: PhoneText,
  /** The number dialled (dialled number identification service). */
  dnis: PhoneText.optional(),
  /**
   * The agent: a username here, or a user's phone extension (digits). An agent that names no active user is refused
   * (400 naming `agent`).
   */
  agent: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'is too long'),
  /** When it happened at the phone system. */
  time: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }),
});
export type TelephonyEvent = z.infer<typeof TelephonyEvent>;

export const TelephonyEventAnswer = z.object({
  eventId: z.number().int(),
  /** The agent named was found (by username or extension); always true, since an unknown agent is refused. */
  agentFound: z.boolean(),
  /** Of an answered call to a known agent: the customers in the agent's scope with the caller's number. */
  customers: z.number().int().nullable(),
  /** A screen pop was sent towards the agent's open browsers. */
  popped: z.boolean(),
});
export type TelephonyEventAnswer = z.infer<typeof TelephonyEventAnswer>;

/** What a CSR's browser hears on its stream when a call to it is answered: where to go. */
export const ScreenPop = z.object({
  ani: z.string(),
  dnis: z.string(),
  callId: z.string(),
});
export type ScreenPop = z.infer<typeof ScreenPop>;

export const PopStreamTicket = z.object({ ticket: z.string(), expiresInSeconds: z.number().int() });
export const PopStreamQuery = z.object({
  ticket: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{20,200}$/, 'is not a stream ticket'),
});
/**
 * text/event-stream: `pop` events whose data is a ScreenPop, `state` events (data `{}`) when the CSR's agent state
 * changed anywhere (read it again), and heartbeat comments.
 */
export const PopStream = z.string();

/** Click-to-dial (decision 075): which of the customer's numbers the app asks the phone system to dial. */
export const DIAL_PHONES = ['home', 'work', 'cell'] as const;
/**
 * Either `phone`, the Dial button's number of the customer (each press dials), or `outboundId`, the outbound call
 * Next Call opened (docs/decisions/084-next-call-dials.md): the row's number, else the customer's first, dialled once
 * for that call however often it is asked.
 */
export const DialRequest = z
  .object({
    sqldbid: Id,
    customerNo: int4(1),
    phone: z.enum(DIAL_PHONES, { error: `must be one of ${DIAL_PHONES.join(', ')}` }).optional(),
    outboundId: Id.optional(),
  })
  .superRefine((value, check) => {
    if ((value.phone === undefined) === (value.outboundId === undefined)) {
      check.addIssue({ code: 'custom', path: ['phone'], message: 'give either phone or outboundId' });
    }
  });
export type DialRequest = z.infer<typeof DialRequest>;
/**
 * The dial request the phone system took: the number as digits, the callId the app gave the call, when it was sent,
 * and whether that was earlier (the same outbound call asked again: nothing was sent this time).
 */
export const DialAnswer = z.object({
  number: z.string(),
  callId: z.string(),
  dialledAt: z.string(),
  repeated: z.boolean(),
});
export type DialAnswer = z.infer<typeof DialAnswer>;

export { SCREEN_POP_PATH, screenPopUrl } from './screen-pop-path.js';
