/**
 * Franchise Maintenance and Resend Emails (administration.md §3, §5, §7;
 * docs/decisions/032-franchise-configs-and-resend.md): the requests and answers under /api/Utilities/.
 */
import { checkEmailList, TIME_OF_DAY } from '@cc/domain';
import { z } from './zod.js';
import { CalendarDay, Id, line } from './common.js';

const timeOfDay = z.string().trim().regex(TIME_OF_DAY, 'must be a time of day HH:mm (00:00 to 23:59)');

/** Addresses joined by semicolons; each one is checked and the first bad one is named. Stored trimmed, `;`-joined. */
export const EmailList = line(2000).transform((value, ctx) => {
  const checked = checkEmailList(value);
  if (!checked.ok) {
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  }
  return checked.addresses.join(';');
});

const BranchNo = line(10).min(1, 'choose a branch');

/** A window whose start must come before its end: the end is the field named when it does not. */
function startBeforeEnd<S extends string, E extends string>(start: S, end: E) {
  return (value: Record<S | E, string>, ctx: z.RefinementCtx) => {
    if (TIME_OF_DAY.test(value[start]) && TIME_OF_DAY.test(value[end]) && value[start] >= value[end]) {
      ctx.addIssue({ code: 'custom', path: [end], message: `must be after ${start} (${value[start]})` });
    }
  };
}

export const SqldbidRequest = z.object({ sqldbid: Id });
export const BranchRequest = z.object({ branchNo: BranchNo });

/** A franchise the caller may configure, with its branches (the picker of Franchise Maintenance). */

/** Company config, by SQLDBID (§3): the web-lead hours and the addresses copied on the franchise's emails. */
export const CompanyConfig = z.object({
  sqldbid: z.number().int(),
  webLeadsStart: z.string(),
  webLeadsEnd: z.string(),
  ccEmailAddresses: z.string(),
});
export const CompanyConfigUpdate = z
  .object({ sqldbid: Id, webLeadsStart: timeOfDay, webLeadsEnd: timeOfDay, ccEmailAddresses: EmailList })
  .superRefine(startBeforeEnd('webLeadsStart', 'webLeadsEnd'));
export type CompanyConfigUpdate = z.input<typeof CompanyConfigUpdate>;

/** Inbound follow-up config, by branch (§3): when follow-ups fall due, and who is copied on those calls' emails. */
export const InboundFollowUpConfig = z.object({
  branchNo: z.string(),
  inboundFollowUpStart: z.string(),
  inboundFollowUpEnd: z.string(),
  ccEmailAddresses: z.string(),
});
export const InboundFollowUpConfigUpdate = z
  .object({
    branchNo: BranchNo,
    inboundFollowUpStart: timeOfDay,
    inboundFollowUpEnd: timeOfDay,
    ccEmailAddresses: EmailList,
  })
  .superRefine(startBeforeEnd('inboundFollowUpStart', 'inboundFollowUpEnd'));
export type InboundFollowUpConfigUpdate = z.input<typeof InboundFollowUpConfigUpdate>;

/**
 * Additional-service hot-prospect config, by branch (fields of ours, decision 032): whether the branch's hot
 * prospects (THP: 'Interested Prospect - THP', survey question 105 Yes) are emailed, and to whom.
 */
export const HotProspectConfig = z.object({
  branchNo: z.string(),
  active: z.boolean(),
  emailAddresses: z.string(),
});
export const HotProspectConfigUpdate = z.object({
  branchNo: BranchNo,
  active: z.boolean(),
  emailAddresses: EmailList,
});
export type HotProspectConfigUpdate = z.input<typeof HotProspectConfigUpdate>;

// ---- Resend Emails ----

/** ResendEmails(startDate, endDate): both default to today (America/Chicago). */
export const ResendEmailsRequest = z
  .object({ startDate: CalendarDay.optional(), endDate: CalendarDay.optional() })
  .superRefine((value, ctx) => {
    if (value.startDate && value.endDate && value.endDate < value.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must not be before startDate (${value.startDate})` });
    }
  });
export const ResendEmailsResponse = z.object({
  startDate: z.string(),
  endDate: z.string(),
  /** Messages queued again by this request (a repeated request finds none left failed). */
  resent: z.number().int(),
  emailIds: z.array(z.number().int()),
});

export const FailedEmail = z.object({
  emailId: z.number().int(),
  kind: z.string(),
  to: z.string(),
  cc: z.string(),
  subject: z.string(),
  callId: z.number().int().nullable(),
  branchNo: z.string().nullable(),
  attempts: z.number().int(),
  /** The server's reason (its reply to the refused recipients, or why it could not be reached). */
  lastError: z.string(),
  refusedTo: z.string(),
  deliveredTo: z.string(),
  /** When the message was queued, a call time (America/Chicago). */
  createdAt: z.string(),
});
export const FailedEmailsResponse = z.object({ data: z.array(FailedEmail), total: z.number().int() });

/** Resend one failed message, after replacing recipient addresses (`from` → `to`) in its To and Cc. */
export const ResendEmailRequest = z.object({
  emailId: Id,
  corrections: z
    .array(
      z.object({
        from: line(320).min(1, 'name the address to replace'),
        to: line(320).refine((v) => checkEmailList(v).ok && v.trim() !== '' && !/[;,]/.test(v), {
          message: 'must be one email address',
        }),
      }),
    )
    .max(20)
    .optional()
    .default([]),
});
export type ResendEmailRequest = z.input<typeof ResendEmailRequest>;
export const ResendEmailResponse = z.object({
  emailId: z.number().int(),
  /** False when the message was not failed (already queued again, or sent): nothing changed. */
  resent: z.boolean(),
  status: z.string(),
  to: z.string(),
  cc: z.string(),
});
