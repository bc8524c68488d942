/** Surveys (call-handling.md §3, §5): the new-customer survey, its answer rules, and local completion times. */

export interface SurveyQuestionDefinition {
  id: number;
  text: string;
  /** Answer choices; empty for free text. */
  options: string[];
  hidden: boolean;
  required: boolean;
}

export interface SurveyDefinition {
  surveyGuid: string;
  name: string;
  questions: SurveyQuestionDefinition[];
}

/** The survey new customers are asked. Question 105 answered Yes marks interest in the THP program. */
export const NEW_CUSTOMER_SURVEY: SurveyDefinition = {
  surveyGuid: '6f1c2d4e-8a3b-4c5d-9e7f-105105105105',
  name: 'New customer survey',
  questions: [
    {
      id: 101,
      text: 'How did you hear about us?',
      options: [
        'Referral from a neighbour',
        'Lawn sign',
        'Mail or postcard',
        'Internet search',
        'Social media',
        'Other',
      ],
      hidden: false,
      required: true,
    },
    { id: 102, text: 'Do you have an irrigation system?', options: ['Yes', 'No'], hidden: false, required: false },
    {
      id: 105,
      text: 'Would you like to hear about the THP program?',
      options: ['Yes', 'No'],
      hidden: false,
      required: false,
    },
  ],
};

export const SURVEY_DEFINITIONS: readonly SurveyDefinition[] = [NEW_CUSTOMER_SURVEY];

export interface SurveyAnswerInput {
  id: number;
  /** The answer given; empty or missing when none. */
  value: string | null | undefined;
}

export interface SurveyProblem {
  /** The index of the answer in the list, or -1 for a question that was not sent at all. */
  index: number;
  questionId: number;
  message: string;
}

/**
 * What is wrong with a set of answers to a survey: a question the survey does not have, a question
 * answered twice, an answer that is not one of the question's choices, or a visible required
 * question without an answer (the rule of §5). Hidden questions are never required.
 */
export function surveyProblems(definition: SurveyDefinition, answers: readonly SurveyAnswerInput[]): SurveyProblem[] {
  const problems: SurveyProblem[] = [];
  const byId = new Map(definition.questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  answers.forEach((answer, index) => {
    const question = byId.get(answer.id);
    if (!question) {
      problems.push({ index, questionId: answer.id, message: `question ${answer.id} is not in the survey` });
      return;
    }
    if (seen.has(answer.id)) {
      problems.push({ index, questionId: answer.id, message: `question ${answer.id} is answered twice` });
      return;
    }
    seen.add(answer.id);
    const value = (answer.value ?? '').trim();
    if (value !== '' && question.options.length > 0 && !question.options.includes(value)) {
      problems.push({
        index,
        questionId: answer.id,
        message: `must be one of ${question.options.map((o) => `'${o}'`).join(', ')}`,
      });
    } else if (value === '' && question.required && !question.hidden) {
      problems.push({ index, questionId: answer.id, message: 'is required' });
    }
  });
  for (const question of definition.questions) {
    if (question.required && !question.hidden && !seen.has(question.id)) {
      problems.push({ index: -1, questionId: question.id, message: `question ${question.id} is required` });
    }
  }
  return problems;
}

/** One formatter per time zone, kept: building an Intl.DateTimeFormat costs far more than using one. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as 'YYYY-MM-DD HH:mm:ss' in a time zone (a survey's completedOn in the franchise's zone). */
export function formatLocalDateTime(instant: Date, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** Whether a time-zone name is one the runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
