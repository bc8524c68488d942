/** The phone lines' texts and the form's pure part (decision 081). */
import { formatPhone, phoneDigits } from '@cc/domain';
import type { PhoneLine } from '@cc/contract';

export const PHONE_LINE_TEXTS = {
  title: 'Phone Lines',
  cancelled: 'Cancelled Phone Lines...',
  added: 'Phone line added.',
  saved: 'Phone line saved.',
  deleted: 'Phone line deleted.',
} as const;

/** The number as it is kept (digits, as the customer search compares phones), shown as a phone number. */
export const shownDnis = (dnis: string) => formatPhone(phoneDigits(dnis));

/** The rule the server applies, checked as the supervisor types: 3 to 20 digits with the usual punctuation. */
export function dnisProblem(text: string): string | null {
  const value = text.trim();
  if (value === '') return 'Enter the number callers dial.';
  if (!/^\+?[\d\s().-]*$/.test(value)) return 'Enter a phone number: digits, spaces, ( ) . - and a leading +.';
  const n = value.replace(/\D/g, '').length;
  return n >= 3 && n <= 20 ? null : 'A phone number has 3 to 20 digits.';
}

export interface LineForm {
  /** The line edited, or null for a new one. */
  id: number | null;
  dnis: string;
  branchNo: string | null;
  description: string;
}

export const newLine = (): LineForm => ({ id: null, dnis: '', branchNo: null, description: '' });
export const lineFormOf = (line: PhoneLine): LineForm => ({
  id: line.PhoneLineId,
  dnis: shownDnis(line.dnis),
  branchNo: line.branchNo,
  description: line.description,
});

export type LineErrors = Partial<Record<'dnis' | 'branchNo' | 'description', string>>;

/** The form's problems before it is sent: the number's rule and a branch chosen. */
export function lineFormProblems(form: LineForm): LineErrors {
  return {
    dnis: dnisProblem(form.dnis) ?? undefined,
    branchNo: form.branchNo ? undefined : 'Choose the branch the number belongs to.',
  };
}

/** The line as it is sent, its texts trimmed; null while the form has a problem. */
export function lineRequestOf(form: LineForm): { dnis: string; branchNo: string; description: string } | null {
  const problems = lineFormProblems(form);
  if (problems.dnis || problems.branchNo || !form.branchNo) return null;
  return { dnis: form.dnis.trim(), branchNo: form.branchNo, description: form.description.trim() };
}
