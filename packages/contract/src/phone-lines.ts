/**
 * The phone lines (DNIS → branch, docs/decisions/081-phone-lines-extensions-live-state.md): the numbers callers dial,
 * each belonging to one branch, kept by the call centre's supervisors in the Utilities. A screen pop's dialled number
 * opens Add Call on its branch. A number is kept as its digits, as the customer search compares phones.
 */
import { Id, IdParam, line } from './common.js';
import { FranchiseSummary } from './inbound.js';
import { PhoneText } from './telephony.js';
import { z } from './zod.js';

export const PhoneLine = z.object({
  PhoneLineId: z.number().int(),
  /** The number dialled, as digits (a leading 1 of eleven digits dropped). */
  dnis: z.string(),
  branchNo: z.string(),
  sqldbid: z.number().int(),
  compName: z.string(),
  description: z.string(),
});
export type PhoneLine = z.infer<typeof PhoneLine>;
export const PhoneLinesResponse = z.array(PhoneLine);

/** Adding or editing a line: the number as typed (punctuation allowed), a branch of the caller's scope. */
export const PhoneLineSave = z.object({
  dnis: PhoneText,
  branchNo: line(20).min(1, 'is required'),
  description: line(100).default(''),
});
export type PhoneLineSave = z.input<typeof PhoneLineSave>;
export const PhoneLinePath = z.object({ PhoneLineId: IdParam });
export const PhoneLineRemoved = z.object({ ok: z.literal(true), PhoneLineId: Id });

/** The branch a dialled number belongs to, when it is one of the CSR's scope. */
export const DnisBranchQuery = z.object({ dnis: PhoneText });
export const DnisBranchResponse = z.object({ franchise: FranchiseSummary.nullable() });
export type DnisBranchResponse = z.infer<typeof DnisBranchResponse>;
