/**
 * The working state of a call (docs/decisions/023-call-working-state.md): what the CSR has decided
 * on the call screen so far, kept on the server per CSR and call so that a reload, a closed window or a new sign-in
 * comes back to it. It is user input kept as it is, so every field is bounded as the end of the call bounds it
 * (docs/decisions/017-input-bounds.md).
 */
import { z } from './zod.js';
import { CallTime, Id, int4, int4Param, IdParam, line, multiline } from './common.js';
import { CallInactiveRequest, CallTypeName, CustomerUpdateRequest } from './current-call.js';
import { DiscountFlagsSchema, PriceEditsSchema, SelectionsSchema } from './pricing-quote.js';
import { PHONE_CALL_ID } from './end-call-command.js';

/** The edits a CSR made to a customer without a stored record (a new prospect, 0, or an unknown customer, -1). */
export const WorkStateCustomerEdits = CustomerUpdateRequest.omit({ version: true });

const Pricing = z.object({
  serviceYear: z.number().int().min(2000).max(2100).nullable(),
  // As kept: the list of services always there (the request's schema fills it in).
  selections: SelectionsSchema.extend({ additionalServiceIds: z.array(Id).max(50) }),
  flags: DiscountFlagsSchema,
  edits: PriceEditsSchema,
});

/** Every field of a working state, as it is kept and given back. */
const fields = {
  /** When the screen opened the call ('YYYY-MM-DD HH:mm:ss', America/Chicago): the call history's call_start. */
  callStart: CallTime.nullable(),
  result: line(60).nullable(),
  followUp: line(60),
  callbackAt: CallTime.nullable(),
  serviceCallReason: line(120).nullable(),
  /** The call log (csr_notes). */
  notes: multiline(4000),
  /** Survey answers by question id. */
  survey: z
    .record(z.string().regex(/^\d{1,9}$/, 'must be a question id'), multiline(500))
    .refine((answers) => Object.keys(answers).length <= 100, 'must have at most 100 answers'),
  /** The pricing tab's picks, as the end of the call sends them. */
  pricing: Pricing,
  /** Only with customer number 0 or -1: the CSR's edits of the customer, applied again on restore. */
  customerEdits: WorkStateCustomerEdits.nullable(),
  /** The customer info edit recorded during the call (a stored customer), linked to the call at its end. */
  customerInfoEditId: Id.nullable(),
  /**
   * The phone system's id of the call a screen pop opened (decision 075): kept with the work, so a call saved and
   * resumed still ends with it on its history (docs/decisions/081-phone-lines-extensions-live-state.md).
   */
  phoneCallId: z.string().regex(PHONE_CALL_ID, 'must be printable characters without spaces').nullable(),
};

/** A working state as it is kept and given back: every field present. */
export const StoredWorkState = z.object(fields);

/** A working state as the screen sends it: a field left out takes the value of a call just opened. */
export const CallWorkState = z.object({
  callStart: fields.callStart.default(null),
  result: fields.result.default(null),
  followUp: fields.followUp.default('None'),
  callbackAt: fields.callbackAt.default(null),
  serviceCallReason: fields.serviceCallReason.default(null),
  notes: fields.notes.default(''),
  survey: fields.survey.default({}),
  pricing: z
    .object({
      serviceYear: Pricing.shape.serviceYear.default(null),
      selections: SelectionsSchema.default({ additionalServiceIds: [] }),
      flags: DiscountFlagsSchema.default({}),
      edits: PriceEditsSchema.default({}),
    })
    .default({ serviceYear: null, selections: { additionalServiceIds: [] }, flags: {}, edits: {} }),
  customerEdits: fields.customerEdits.default(null),
  customerInfoEditId: fields.customerInfoEditId.default(null),
  phoneCallId: fields.phoneCallId.default(null),
});
export type CallWorkState = z.infer<typeof CallWorkState>;
export type CallWorkStateInput = z.input<typeof CallWorkState>;

/** The call a working state belongs to: the franchise and the customer number (0 a new prospect, -1 unknown). */
export const CallWorkStateParams = z.object({ sqldbid: IdParam, customerNo: int4Param(-1) });

/**
 * Which call of that customer the state was made on. A new prospect's or an unknown customer's number is shared by
 * every such call, so the screen names the call row it was opened with (`callRow`, a short fingerprint); a state is
 * given back only to the same call type and row.
 */
const CallIdentity = {
  callType: CallTypeName,
  callRow: line(64).default(''),
};

export const CallWorkStateSave = z.object({
  ...CallIdentity,
  /**
   * Grows with every save of the screen (it starts from the revision it restored). A save older than the one
   * stored is not written: a slow debounced save never overwrites the one sent as the page went away.
   */
  revision: int4(1),
  state: CallWorkState,
});
export type CallWorkStateSave = z.input<typeof CallWorkStateSave>;

export const StoredCallWorkState = z.object({
  callType: z.string(),
  callRow: z.string(),
  revision: z.number().int(),
  updatedAt: z.string(),
  state: StoredWorkState,
});
export type StoredCallWorkState = z.infer<typeof StoredCallWorkState>;

export const CallWorkStateResponse = z.object({ workState: StoredCallWorkState.nullable() });
/** `saved` is false when a newer revision was stored already (the stored one is kept). */
export const CallWorkStateSaveResponse = z.object({
  saved: z.boolean(),
  revision: z.number().int(),
  updatedAt: z.string(),
});

/**
 * POST call-inactive with the working state as it is when the screen goes: saved in the same transaction that
 * releases the call, so the last edits are kept even though the lock (which a save needs) goes with it.
 */
export const CallInactiveWithWorkState = CallInactiveRequest.extend({
  workState: CallWorkStateSave.optional(),
});
