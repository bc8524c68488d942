import { describe, expect, it } from 'vitest';
import {
  formatLocalDateTime,
  isTimeZone,
  NEW_CUSTOMER_SURVEY,
  surveyProblems,
  type SurveyDefinition,
} from './survey.js';

describe('surveyProblems', () => {
  it('accepts a complete set of answers, in any order, with optional ones left empty', () => {
    expect(
      surveyProblems(NEW_CUSTOMER_SURVEY, [
        { id: 105, value: 'Yes' },
        { id: 101, value: 'Lawn sign' },
        { id: 102, value: '' },
      ]),
    ).toEqual([]);
  });

  it('requires every visible required question, sent empty or not sent at all', () => {
    expect(surveyProblems(NEW_CUSTOMER_SURVEY, [{ id: 101, value: '  ' }])).toEqual([
      { index: 0, questionId: 101, message: 'is required' },
    ]);
    expect(surveyProblems(NEW_CUSTOMER_SURVEY, [{ id: 102, value: 'No' }])).toEqual([
      { index: -1, questionId: 101, message: 'question 101 is required' },
    ]);
  });

  it('never requires a hidden question', () => {
    const hidden: SurveyDefinition = {
      ...NEW_CUSTOMER_SURVEY,
      questions: NEW_CUSTOMER_SURVEY.questions.map((q) => ({ ...q, hidden: q.id === 101 })),
    };
    expect(surveyProblems(hidden, [])).toEqual([]);
  });

  it('refuses unknown questions, repeats and answers that are not a choice', () => {
    expect(
      surveyProblems(NEW_CUSTOMER_SURVEY, [
        { id: 101, value: 'Lawn sign' },
        { id: 999, value: 'x' },
        { id: 101, value: 'Other' },
        { id: 105, value: 'Maybe' },
      ]),
    ).toEqual([
      { index: 1, questionId: 999, message: 'question 999 is not in the survey' },
      { index: 2, questionId: 101, message: 'question 101 is answered twice' },
      { index: 3, questionId: 105, message: "must be one of 'Yes', 'No'" },
    ]);
  });
});

describe('formatLocalDateTime', () => {
  it('shows an instant in the franchise time zone as YYYY-MM-DD HH:mm:ss', () => {
    const instant = new Date('2026-06-15T15:00:05Z');
    expect(formatLocalDateTime(instant, 'America/Chicago')).toBe('2026-06-15 10:00:05');
    expect(formatLocalDateTime(instant, 'America/New_York')).toBe('2026-06-15 11:00:05');
    expect(formatLocalDateTime(instant, 'America/Denver')).toBe('2026-06-15 09:00:05');
    expect(formatLocalDateTime(new Date('2026-01-01T05:59:59Z'), 'America/Chicago')).toBe('2025-12-31 23:59:59');
    expect(formatLocalDateTime(new Date('2026-03-08T08:30:00Z'), 'America/Chicago')).toBe('2026-03-08 03:30:00');
  });

  it('uses 00 for midnight, not 24', () => {
    expect(formatLocalDateTime(new Date('2026-06-15T05:00:00Z'), 'America/Chicago')).toBe('2026-06-15 00:00:00');
  });

  it('knows real time-zone names', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
