import { z } from './zod.js';

/** Every failure answers this shape; `errors` maps a field to its message where there are several. */
export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The step of a multi-step command that failed (the end-call sequence). */
  step: z.string().optional(),
  /** A failure of the server (5xx): the id of the request, which finds its line in the server's log. */
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** One pagination shape for every list. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/**
 * A page of a grid that pages by key (decision 034): `next` is the cursor of the page's last row (null when the page
 * is empty); sent back as `after`, it asks for the rows after that row, whatever their number.
 */
export function keysetPage<T extends z.ZodType>(item: T) {
  return page(item).extend({ next: z.string().nullable() });
}

/** The `after` of a query: a cursor a page gave (opaque base64url text). */
export const Cursor = z.string().max(4000, 'is not a cursor this list gave').optional();

export const Ok = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------------
// Building blocks that keep what a client sends inside what PostgreSQL can hold
// (docs/decisions/017-input-bounds.md): a value the contract accepts never fails in the database.

/** PostgreSQL `integer` (int4), the type of every id, customer number and count column. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** A whole number that fits an `integer` column, at least `min`. */
export const int4 = (min: number = INT4_MIN, max: number = INT4_MAX) =>
  z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
/** The same from a path or query string ('42'). */
export const int4Param = (min: number = INT4_MIN, max: number = INT4_MAX) =>
  z.coerce
    .number()
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** A positive id of an `integer` (serial) column. */
export const Id = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be a positive id')
  .max(INT4_MAX, 'is too large');

/** A positive integer id in a path or query (strings from the URL are coerced). */
export const IdParam = z.coerce
  .number()
  .int('must be a whole number')
  .min(1, 'must be a positive id')
  .max(INT4_MAX, 'is too large');

/**
 * Text on one line (names, codes, addresses, search boxes): no C0 control character (NUL to US, and DEL), which no
 * such field holds and NUL no PostgreSQL text can; no unpaired surrogate, which would be stored as U+FFFD.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_REFUSED = /[\u0000-\u001f\u007f]|\p{Cs}/u;
/** Text over several lines (notes, call logs, receipts): tabs and line breaks are kept; NUL and the rest refused. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u;
export const CONTROL_MESSAGE = 'must not contain control characters';

export const isSingleLine = (value: string) => !SINGLE_LINE_REFUSED.test(value);
export const isMultiLine = (value: string) => !MULTI_LINE_REFUSED.test(value);

/** Single-line text, trimmed, at most `max` characters. */
export const line = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).refine(isSingleLine, CONTROL_MESSAGE);
/** Single-line text kept exactly as typed (passwords: their spaces count). */
export const secret = (max: number) =>
  z.string().max(max, `must be at most ${max} characters`).refine(isSingleLine, CONTROL_MESSAGE);
/** Multi-line text at most `max` characters, kept as typed. */
export const multiline = (max: number) =>
  z.string().max(max, `must be at most ${max} characters`).refine(isMultiLine, CONTROL_MESSAGE);

const MAX_JSON_DEPTH = 20;
/** Why a JSON value cannot be kept in a jsonb or text column, with where; null when it can. */
function jsonProblem(
  value: unknown,
  path: PropertyKey[],
  depth: number,
): { path: PropertyKey[]; message: string } | null {
  if (typeof value === 'string') return isMultiLine(value) ? null : { path, message: CONTROL_MESSAGE };
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_JSON_DEPTH) return { path, message: `must be nested at most ${MAX_JSON_DEPTH} levels deep` };
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (!isSingleLine(key)) return { path: at, message: 'must not have control characters in its names' };
    const problem = jsonProblem(item, at, depth + 1);
    if (problem) return problem;
  }
  return null;
}
const keepableJson = (value: unknown, ctx: z.RefinementCtx) => {
  const problem = jsonProblem(value, [], 0);
  if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
};
/** Any JSON value the server keeps as it is (jsonb or JSON text). */
export const JsonValue = z.unknown().superRefine(keepableJson);
/** A JSON object the server keeps as it is (jsonb). */
export const JsonObject = z.record(z.string(), z.unknown()).superRefine(keepableJson);

/** The years a date may name: four digits, and PostgreSQL has no year 0. */
const realDay = (y: number, m: number, d: number) => {
  if (y < 1000) return false;
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
};

/** A real calendar day 'YYYY-MM-DD' (2026-02-30 is refused here, not by the database). */
export const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((v) => {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    return realDay(y, m, d);
  }, 'is not a real date');

const TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;
const realTime = (v: string) => {
  const [, y, m, d, hh, mm, ss = '0'] = TIME.exec(v) ?? [];
  return realDay(Number(y), Number(m), Number(d)) && Number(hh) < 24 && Number(mm) < 60 && Number(ss) < 60;
};

/** A call time 'YYYY-MM-DD HH:mm:ss' (America/Chicago) that exists on the calendar and the clock. */
export const CallTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be a time YYYY-MM-DD HH:mm:ss')
  .refine(realTime, 'is not a real date and time');
/** The same, the seconds optional ('YYYY-MM-DD HH:mm'). */
export const CallTimeToMinute = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, 'must be a time YYYY-MM-DD HH:mm:ss (America/Chicago)')
  .refine(realTime, 'is not a real date and time');
