/**
 * Formula injection (OWASP, "CSV Injection"): a spreadsheet opening a CSV file reads a cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return as a formula (`=HYPERLINK(...)`, `=cmd|' /C calc'!A0`), so text a user typed
 * or uploaded, written back into a CSV file the app answers, could run in whoever opens it. Such a cell is written
 * with a single quote in front, which makes the spreadsheet take it as text and still shows the value as it was, and
 * is quoted. The full-width forms of the four signs count too: some spreadsheets fold them into the ASCII ones.
 *
 * Numbers the app writes itself (a line number, a count, an id) are no user's text and stay numbers, negative ones
 * included; text that merely looks like a number ('-5.00' in an uploaded file) is still text, and is escaped
 * (060-csv-formulas-filter-depth-floor-rights.md).
 */

/** A cell as a CSV writer must write it: `text`, inside double quotes when `quoted` (else only where CSV needs them). */
export interface CsvCell {
  text: string;
  quoted: boolean;
}

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Does a spreadsheet read this text as the start of a formula? */
export const startsLikeFormula = (text: string): boolean => FORMULA_START.test(text);

/** The one rule every CSV the app writes applies to each of its cells. */
export function csvCell(value: string | number | null | undefined): CsvCell {
  if (value === null || value === undefined) return { text: '', quoted: false };
  if (typeof value === 'number') return { text: String(value), quoted: false };
  return startsLikeFormula(value) ? { text: `'${value}`, quoted: true } : { text: value, quoted: false };
}
