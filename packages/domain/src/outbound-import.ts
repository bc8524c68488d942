/**
 * CSV import of outbound calls (administration.md §5, §7, §9; decision 030): the columns of each call type and the
 * check of one row. Pure: the server parses the file and runs the checks that need the database (branch, scope,
 * customer, flag codes, rows already imported) set-based.
 */

export const IMPORT_CALL_TYPES = ['Cancel', 'Upsell', 'CustomerSurvey', 'SkippedRounds'] as const;
export type ImportCallType = (typeof IMPORT_CALL_TYPES)[number];

/** What a column of a file becomes on the outbound row. */
export type ImportField =
  | 'branchNo'
  | 'custNo'
  | 'title'
  | 'firstName'
  | 'lastName'
  | 'street'
  | 'city'
  | 'state'
  | 'zip'
  | 'phone'
  | 'size'
  | 'priceOffer'
  | 'service'
  | 'date'
  | 'callSource';

/** The header of each call type's file, in order, and the field each column fills. */
export const IMPORT_COLUMNS: Record<ImportCallType, readonly (readonly [string, ImportField])[]> = {
  // §5, as quoted.
  Cancel: [
    ['Branch Num', 'branchNo'],
    ['Cust Num', 'custNo'],
    ['FirstName', 'firstName'],
    ['StreetAddress', 'street'],
    ['City', 'city'],
    ['State', 'state'],
    ['zip', 'zip'],
    ['LawnSize', 'size'],
    ['PriceOffer', 'priceOffer'],
    ['Service', 'service'],
    ['Cancel Date', 'date'],
    ['CallSource', 'callSource'],
  ],
  // §5, as quoted. The file names no branch: an Upsell file is imported by franchise (decision 030).
  Upsell: [
    ['Title', 'title'],
    ['Cust No', 'custNo'],
    ['First Name', 'firstName'],
    ['Last Name', 'lastName'],
    ['Street', 'street'],
    ['City', 'city'],
    ['State', 'state'],
    ['Zip', 'zip'],
    ['Phone', 'phone'],
    ['Size', 'size'],
    ['Price Offer', 'priceOffer'],
    ['Service', 'service'],
    ['Status Date', 'date'],
    ['Call Source', 'callSource'],
  ],
  // Decision 030: the spec does not give these two.
  CustomerSurvey: [
    ['Branch Num', 'branchNo'],
    ['Cust Num', 'custNo'],
    ['First Name', 'firstName'],
    ['Last Name', 'lastName'],
    ['Street', 'street'],
    ['City', 'city'],
    ['State', 'state'],
    ['Zip', 'zip'],
    ['Phone', 'phone'],
    ['Service', 'service'],
    ['Service Date', 'date'],
    ['Call Source', 'callSource'],
  ],
  SkippedRounds: [
    ['Branch Num', 'branchNo'],
    ['Cust Num', 'custNo'],
    ['First Name', 'firstName'],
    ['Last Name', 'lastName'],
    ['Street', 'street'],
    ['City', 'city'],
    ['State', 'state'],
    ['Zip', 'zip'],
    ['Phone', 'phone'],
    ['LawnSize', 'size'],
    ['Service', 'service'],
    ['Skipped Date', 'date'],
    ['Call Source', 'callSource'],
  ],
};

/** Does the call type's file carry the branch of each row? Otherwise the import names a franchise. */
export function importHasBranch(callType: ImportCallType): boolean {
  return IMPORT_COLUMNS[callType].some(([, field]) => field === 'branchNo');
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Null when the header is the call type's, otherwise what is wrong with it. */
export function checkImportHeader(callType: ImportCallType, header: readonly string[]): string | null {
  const expected = IMPORT_COLUMNS[callType].map(([name]) => name);
  const same =
    header.length === expected.length && header.every((name, i) => normalise(name) === normalise(expected[i] ?? ''));
  if (same) return null;
  return `The header is not that of ${/^[AEIOU]/.test(callType) ? 'an' : 'a'} ${callType} file: expected the ${expected.length} columns ${expected.join(', ')}.`;
}

/** A checked row: text fields trimmed, numbers parsed, the date as YYYY-MM-DD. */
export interface ImportRow {
  branchNo: string;
  custNo: number;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  size: string | null;
  priceOffer: string | null;
  service: string;
  date: string;
  callSource: string;
}

export type RowCheck = { ok: true; row: ImportRow } | { ok: false; problem: string };

const MAX_INT = 2_147_483_647;
/** Longest field kept: names, streets and services are far shorter. */
const MAX_FIELD = 200;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A date as M/D/YYYY, M/D/YY or YYYY-MM-DD (a time after it is ignored); null when it is none. */
export function parseImportDate(value: string): string | null {
  const text = value.trim().split(/[ T]/)[0] ?? '';
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
    if (!match) return null;
    [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (y < 100) y += 2000;
  }
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A non-negative amount ('$1,234.50', '45', '8.5') with at most 2 decimals below `max`; '' is null. */
export function parseImportNumber(value: string, max: number): string | null | undefined {
  const text = value
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (text === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n > max) return undefined;
  return text;
}

/** Check one data row of a file (fields as parsed): column count, customer number, numbers, date. */
export function checkImportRow(callType: ImportCallType, fields: readonly string[]): RowCheck {
  const columns = IMPORT_COLUMNS[callType];
  if (fields.length !== columns.length) {
    return { ok: false, problem: `wrong column count: ${fields.length} instead of ${columns.length}` };
  }
  const value: Partial<Record<ImportField, string>> = {};
  for (const [i, [name, field]] of columns.entries()) {
    const text = (fields[i] ?? '').trim();
    if (CONTROL.test(text)) return { ok: false, problem: `control characters in ${name}` };
    if (text.length > MAX_FIELD) return { ok: false, problem: `${name} is longer than ${MAX_FIELD} characters` };
    value[field] = text;
  }
  const column = (field: ImportField) => columns.find(([, f]) => f === field)?.[0] ?? field;

  const custText = value.custNo ?? '';
  if (!/^\d{1,10}$/.test(custText) || Number(custText) < 1 || Number(custText) > MAX_INT) {
    return { ok: false, problem: `bad number in ${column('custNo')}: '${custText}'` };
  }
  const branchNo = (value.branchNo ?? '').toUpperCase();
  if ('branchNo' in value && branchNo === '') return { ok: false, problem: `${column('branchNo')} is empty` };
  let size: string | null = null;
  if (value.size !== undefined) {
    const parsed = parseImportNumber(value.size, 999_999.99);
    if (parsed === undefined) return { ok: false, problem: `bad number in ${column('size')}: '${value.size}'` };
    size = parsed;
  }
  let priceOffer: string | null = null;
  if (value.priceOffer !== undefined) {
    const parsed = parseImportNumber(value.priceOffer, 9_999_999_999.99);
    if (parsed === undefined) {
      return { ok: false, problem: `bad number in ${column('priceOffer')}: '${value.priceOffer}'` };
    }
    priceOffer = parsed;
  }
  const date = parseImportDate(value.date ?? '');
  if (date === null) return { ok: false, problem: `bad date in ${column('date')}: '${value.date ?? ''}'` };
  return {
    ok: true,
    row: {
      branchNo,
      custNo: Number(custText),
      firstName: value.firstName ?? '',
      lastName: value.lastName ?? '',
      street: value.street ?? '',
      city: value.city ?? '',
      state: value.state ?? '',
      zip: value.zip ?? '',
      phone: (value.phone ?? '').replace(/\D/g, ''),
      size,
      priceOffer,
      service: value.service ?? '',
      date,
      callSource: value.callSource ?? '',
    },
  };
}
