/** The surveys of the end-call flow (call-handling.md §3 and §7): the forms and the answers a CSR saves. */
import { z } from './zod.js';
import { Id, int4, line, multiline } from './common.js';

export const SurveyQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  options: z.array(z.string()),
  hidden: z.boolean(),
  required: z.boolean(),
});
export const SurveyForm = z.object({
  surveyGuid: z.string(),
  name: z.string(),
  questions: z.array(SurveyQuestion),
});
export const SurveyGuidParams = z.object({ guid: z.uuid('must be a survey id (a GUID)') });

/** A question as the screen sends it back: id, text, hidden, required and answer.value (call-handling.md §3). */
export const SurveyAnswer = z.object({
  id: Id,
  text: multiline(500).optional(),
  hidden: z.boolean().optional(),
  required: z.boolean().optional(),
  answer: z.object({ value: multiline(1000).nullable().optional() }).optional(),
});
export const SurveyResults = z.object({
  /** The survey answered; the new-customer survey when left out. */
  surveyGuid: z.uuid('must be a survey id (a GUID)').optional(),
  questions: z.array(SurveyAnswer).min(1, 'must hold the answers').max(100),
  client: line(100).optional(),
});
export type SurveyResults = z.input<typeof SurveyResults>;

export const SaveSurveyRequest = SurveyResults.extend({
  sqldbid: Id,
  custNo: int4(0),
  callId: Id.optional(),
});
export type SaveSurveyRequest = z.input<typeof SaveSurveyRequest>;
export const SaveSurveyResponse = z.object({
  surveyId: z.number().int(),
  /** YYYY-MM-DD HH:mm:ss in the franchise's time zone. */
  completedOn: z.string(),
  timeZone: z.string(),
});

export const SaveNewCustomerSurveyRequest = z.object({
  callId: Id,
  SurveyResults,
});
export const SaveNewCustomerSurveyResponse = z.object({
  SurveyId: z.number().int(),
  completedOn: z.string(),
  timeZone: z.string(),
});
