/**
 * The new-customer survey as the screen asks it, and its answer rule (call-handling.md §3, §5). Pure, so the
 * end-call validation and its tests read the same definition as the Survey tab.
 */
import { NEW_CUSTOMER_SURVEY, type SurveyQuestionDefinition } from '@cc/domain';

export type SurveyQuestion = SurveyQuestionDefinition;

/** The questions of the new-customer survey (the domain's definition, which the server checks answers against). */
export const NEW_CUSTOMER_QUESTIONS: SurveyQuestion[] = NEW_CUSTOMER_SURVEY.questions;

export const SURVEY_ALERT_TITLE = 'Inputs are required';
export const SURVEY_ALERT_MESSAGE = 'Please provide the answer to all the required fields.';

/** The visible required questions without an answer (call-handling.md §5). */
export function missingAnswers(questions: SurveyQuestion[], answers: Record<number, string>): SurveyQuestion[] {
  return questions.filter((q) => !q.hidden && q.required && !(answers[q.id] ?? '').trim());
}

/** The answers given, trimmed, without the empty ones. */
export function givenAnswers(answers: Record<number, string>): Record<number, string> {
  const given: Record<number, string> = {};
  for (const [id, value] of Object.entries(answers)) {
    const text = value.trim();
    if (text !== '') given[Number(id)] = text;
  }
  return given;
}

/**
 * Whether the survey was taken on this call: the CSR answered at least one of its questions. Only a taken survey
 * is checked for its required answers and sent with the end of the call (docs/decisions, end-call screen).
 */
export function surveyTaken(answers: Record<number, string>): boolean {
  return Object.keys(givenAnswers(answers)).length > 0;
}
