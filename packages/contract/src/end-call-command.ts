/**
 * POST /api/call-center/end-call: the one request the screen sends to end a call
 * (docs/decisions/010-end-call-command.md). The server validates, prices the call again with the pricing engine,
 * and runs the spec's steps 2–7 in one transaction; a retry with the same idempotency key answers the first
 * result and writes nothing.
 */
import { z } from './zod.js';
import { CallTimeToMinute as CallTime, Id, int4, line, multiline } from './common.js';
import { DiscountFlagsSchema, PriceEditsSchema, SelectionsSchema } from './pricing-quote.js';

/** A phone system's call id as the call history keeps it: printable ASCII, no spaces (decision 075). */
export const PHONE_CALL_ID = /^[\x21-\x7e]{1,100}$/;

/**
 * The customer of a call without a stored record — a new prospect (0) or an unknown customer (-1) — as the screen
 * shows it at the end: what the caller gave and the CSR's edits (docs/decisions/012). Lenient on
 * purpose (lengths only, besides the email and lawn size), so that a call row's odd value never blocks the end of a
 * call; the server normalises phones as it does for a stored customer.
 */
export const EndCallCustomer = z.object({
  customerType: z.enum(['Existing Customer', 'Former Customer', 'Prospect']).optional(),
  email: z.union([z.literal(''), z.email('must be a valid email address').max(200)]).optional(),
  firstName: line(50).optional(),
  lastName: line(50).optional(),
  streetNo: line(12).optional(),
  preDir: line(4).optional(),
  streetNm: line(60).optional(),
  suffix: line(10).optional(),
  postDir: line(4).optional(),
  city: line(50).optional(),
  state: line(20).optional(),
  zip: line(10).optional(),
  lawnSize: z.number().min(0, 'cannot be negative').max(1000).optional(),
  homePhone: line(30).optional(),
  workPhone: line(30).optional(),
  cellPhone: line(30).optional(),
});
export type EndCallCustomer = z.input<typeof EndCallCustomer>;

export const EndCallRequest = z
  .object({
    /** A new random key per end-call attempt of the screen (a UUID); a retry sends the same key. */
    idempotencyKey: z.string().uuid('must be a UUID'),
    sqldbid: Id,
    /** 0 for a new prospect, -1 for an unknown customer (built from the call). */
    customerNo: int4(-1),
    callType: line(40).min(1),
    /** The outbound row of an outbound call. */
    outboundId: Id.optional(),
    /** The phone system's id of the call, when a screen pop opened it (decision 075): kept on the call history. */
    phoneCallId: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(100, 'is too long')
      .regex(PHONE_CALL_ID, 'must be printable characters without spaces')
      .optional(),
    /** When the call was opened, America/Chicago; the server's time when absent. */
    callStart: CallTime.optional(),
    result: line(60).min(1, 'choose a call result'),
    followUp: line(60).optional().default('None'),
    callbackAt: CallTime.nullable().optional(),
    serviceCallReason: line(120).nullable().optional(),
    notes: multiline(4000).optional().default(''),
    /** The customer info edit made during the call, linked to it. */
    customerInfoEditId: Id.nullable().optional(),
    /**
     * Only with customer number 0 or -1: the customer as the screen has it (no stored record to edit). See
     * EndCallCustomer.
     */
    customer: EndCallCustomer.optional(),
    /** The pricing tab's picks; the server prices them itself. */
    pricing: z
      .object({
        serviceYear: z.number().int().min(2000).max(2100),
        selections: SelectionsSchema.optional().default({ additionalServiceIds: [] }),
        flags: DiscountFlagsSchema.optional().default({}),
        edits: PriceEditsSchema.optional().default({}),
      })
      .nullable()
      .optional(),
    /** Survey answers by question id (the new-customer survey). */
    survey: z.record(z.string().regex(/^\d{1,9}$/, 'must be a question id'), multiline(500)).optional(),
    /**
     * Send the end-call confirmation email. The screen asks for confirmation when the customer has no email; the
     * server sends only to an address it has.
     */
    sendEmail: z.boolean().optional().default(true),
  })
  .superRefine((request, ctx) => {
    // A stored customer is edited through PUT /api/customer/…, each edit recorded; never through the end of a call.
    if (request.customer !== undefined && request.customerNo > 0) {
      ctx.addIssue({ code: 'custom', path: ['customer'], message: 'only with customer number 0 or -1' });
    }
  });
export type EndCallRequest = z.input<typeof EndCallRequest>;

export const EndCallResponse = z.object({
  callId: z.number().int(),
  orderId: z.number().int().nullable(),
  /** -1 when no survey was taken. */
  surveyId: z.number().int(),
  orderStatus: z.enum(['SUBMITTED', 'PENDING']).nullable(),
  /** The call status left on the outbound row: Callback, End, or none for inbound. */
  callStatus: z.enum(['Callback', 'End']).nullable(),
  emailQueued: z.boolean(),
  thpEmailQueued: z.boolean(),
  /** The text receipt stored on the call history (Reciept). */
  receipt: z.string(),
  /** True when this answers a repeat of an earlier request with the same key. */
  repeated: z.boolean(),
});
export type EndCallResponse = z.infer<typeof EndCallResponse>;

/**
 * The steps of the sequence a failure is reported against (the screen shows the step's toast with the server's
 * message, call-handling.md §8). `validate` failures are 400s shown in the 'Error ending call' dialog.
 */
export const END_CALL_STEPS = [
  'validate',
  'callHistory',
  'createOrder',
  'orderSource',
  'orderItem',
  'updateOrder',
  'orderDiscount',
  'survey',
  'updateCallHistory',
  'email',
] as const;
export type EndCallStep = (typeof END_CALL_STEPS)[number];

/** The toast of each failing step, exactly as the spec's catalogue spells it; the message follows. */
export const END_CALL_STEP_TOASTS: Record<Exclude<EndCallStep, 'validate'>, string> = {
  callHistory: 'ERRROR Inserting Call History Record: ',
  createOrder: 'ERROR Create Order Process: ',
  orderSource: 'ERROR Patch Order Source: ',
  orderItem: 'ERROR Create Order Item: ',
  updateOrder: 'ERROR Update Order Process: ',
  orderDiscount: 'ERROR Create Order Discount: ',
  survey: 'ERROR Update Survey Questions Process: ',
  updateCallHistory: 'ERROR Update Call History: ',
  email: 'ERRROR Sending End Call Email: ',
};
