/**
 * Surveys (call-handling.md §3, §5, §7): the survey forms, and a survey taken with a customer, checked
 * against its form on the server (every visible required question answered, answers among the choices)
 * and stamped completedOn in the franchise's time zone. A call has at most one survey: saving it again
 * replaces the answers. Functions take the transaction they run in.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NEW_CUSTOMER_SURVEY,
  formatLocalDateTime,
  surveyProblems,
  type SurveyDefinition,
  type SurveyQuestionDefinition,
} from '@cc/domain';
import type { SaveSurveyRequest, SurveyResults } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { callHistory, surveyAnswers, surveyDefinitions, surveys } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { callInScope, placeOf, writableCall } from './shared.js';

async function definition(tx: DbOrTx, guid: string): Promise<SurveyDefinition | undefined> {
  const [row] = await tx.select().from(surveyDefinitions).where(eq(surveyDefinitions.surveyGuid, guid.toLowerCase()));
  if (!row) return undefined;
  return { surveyGuid: row.surveyGuid, name: row.name, questions: row.questions as SurveyQuestionDefinition[] };
}

/** GET /api/Surveys/Survey/{guid}: the form, or 404. */
export async function getSurveyDefinition(tx: DbOrTx, guid: string): Promise<SurveyDefinition> {
  const found = await definition(tx, guid);
  if (!found) throw notFound('Survey not found.');
  return found;
}

export type SurveyResultsInput = z.output<typeof SurveyResults>;
export type SaveSurveyInput = z.output<typeof SaveSurveyRequest>;

export interface SavedSurvey {
  surveyId: number;
  completedOn: string;
  timeZone: string;
}

/**
 * Save a survey taken with a customer in scope (customer 0: a new prospect of a franchise in scope).
 * With a call id the call must be in scope and of this customer; the survey is the call's, and the call
 * history record's SurveyId is set. `field` prefixes the names in error messages.
 */
export async function saveSurvey(
  tx: DbOrTx,
  user: AuthUser,
  input: SaveSurveyInput,
  now: Date,
  field = '',
): Promise<SavedSurvey> {
  const guid = (input.surveyGuid ?? NEW_CUSTOMER_SURVEY.surveyGuid).toLowerCase();
  const form = await definition(tx, guid);
  if (!form) throw badRequest(`${field}surveyGuid`, 'is not a survey');
  const problems = surveyProblems(
    form,
    input.questions.map((q) => ({ id: q.id, value: q.answer?.value })),
  );
  const first = problems[0];
  if (first) {
    const where =
      first.index < 0
        ? 'questions'
        : first.message === 'is required' || first.message.startsWith('must be one of')
          ? `questions.${first.index}.answer.value`
          : `questions.${first.index}.id`;
    throw badRequest(`${field}${where}`, first.message);
  }
  const place = await placeOf(tx, user.scope, input.sqldbid, input.custNo);
  const callId = input.callId ?? null;
  if (callId !== null) {
    const call = await callInScope(tx, user.scope, callId);
    if (call.sqldbid !== input.sqldbid || call.custNo !== input.custNo) {
      throw badRequest(`${field}callId`, 'is not a call of this customer');
    }
  }
  const completedOn = formatLocalDateTime(now, place.timeZone);
  const values = {
    surveyGuid: guid,
    sqldbid: input.sqldbid,
    custNo: input.custNo,
    branchNo: place.branchNo,
    callId,
    completedOn,
    completedAt: now,
    timeZone: place.timeZone,
    client: input.client ?? '',
    createdBy: user.userId,
  };
  let surveyId: number | undefined;
  if (callId !== null) {
    const [existing] = await tx
      .select({ surveyId: surveys.surveyId })
      .from(surveys)
      .where(eq(surveys.callId, callId))
      .for('update');
    if (existing) {
      surveyId = existing.surveyId;
      await tx.update(surveys).set(values).where(eq(surveys.surveyId, surveyId));
      await tx.delete(surveyAnswers).where(eq(surveyAnswers.surveyId, surveyId));
    }
  }
  if (surveyId === undefined) {
    const [row] = await tx.insert(surveys).values(values).returning({ surveyId: surveys.surveyId });
    if (!row) throw new Error('survey insert returned nothing');
    surveyId = row.surveyId;
  }
  const byId = new Map(form.questions.map((q) => [q.id, q]));
  const answers = input.questions.flatMap((q) => {
    const question = byId.get(q.id);
    return question
      ? [
          {
            surveyId: surveyId,
            questionId: q.id,
            // The form's wording, not the client's copy of it.
            questionText: question.text,
            hidden: question.hidden,
            required: question.required,
            answer: (q.answer?.value ?? '').trim(),
          },
        ]
      : [];
  });
  if (answers.length > 0) await tx.insert(surveyAnswers).values(answers);
  if (callId !== null) await tx.update(callHistory).set({ surveyId }).where(eq(callHistory.callId, callId));
  return { surveyId, completedOn, timeZone: place.timeZone };
}

/**
 * POST /api/Surveys/Survey: a survey taken with a customer; with a call id, only on the user's own call, open and
 * held (writableCall: 409 otherwise, nothing written), as every write to a call's history.
 */
export async function saveRequestedSurvey(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  input: SaveSurveyInput,
  now: Date,
): Promise<SavedSurvey> {
  if (input.callId !== undefined && input.callId !== null) await writableCall(ctx, tx, user, input.callId);
  return saveSurvey(tx, user, input, now);
}

/** SaveNewCustomerSurvey: the survey of the user's own open call they hold, for the call's customer (step 5). */
export async function saveCallSurvey(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  callId: number,
  results: SurveyResultsInput,
  now: Date,
): Promise<SavedSurvey> {
  const call = await writableCall(ctx, tx, user, callId);
  return saveSurvey(
    tx,
    user,
    { ...results, sqldbid: call.sqldbid, custNo: call.custNo, callId },
    now,
    'SurveyResults.',
  );
}

/** The answers of a call's survey (for the THP rule: question 105 = Yes). */
export async function surveyAnswersOfCall(tx: DbOrTx, callId: number) {
  return tx
    .select({ questionId: surveyAnswers.questionId, value: surveyAnswers.answer })
    .from(surveyAnswers)
    .innerJoin(surveys, eq(surveys.surveyId, surveyAnswers.surveyId))
    .where(and(eq(surveys.callId, callId)));
}

/** The survey as the form defines it, with the call's answers; null when no question was answered. */
export function surveyOf(answers: Record<string, string> | undefined) {
  const given = Object.entries(answers ?? {}).filter(([, v]) => v.trim() !== '');
  if (given.length === 0) return null;
  const byId = Object.fromEntries(given.map(([id, v]) => [Number(id), v.trim()]));
  const unknown = given.find(([id]) => !NEW_CUSTOMER_SURVEY.questions.some((q) => q.id === Number(id)));
  if (unknown) throw badRequest(`survey.${unknown[0]}`, 'is not a question of the new-customer survey');
  const questions = NEW_CUSTOMER_SURVEY.questions.map((q) => ({ id: q.id, answer: { value: byId[q.id] ?? '' } }));
  const missing = surveyProblems(
    NEW_CUSTOMER_SURVEY,
    questions.map((q) => ({ id: q.id, value: q.answer.value })),
  ).length;
  return { byId, questions, missing };
}
