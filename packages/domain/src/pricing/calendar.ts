/**
 * Dates of the pricing rules: the service year, the months left for monthly billing, the first bill date and the
 * lawn-care rounds left in a season (call-handling.md §9; docs/pricing.md "Monthly billing", "Rounds").
 *
 * Dates are calendar days 'YYYY-MM-DD' in the franchise's time zone, passed in by the caller: nothing here reads
 * the clock.
 */
import { PricingInputError } from './money.js';

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** Day of the month monthly lines are billed on: pest programs always the 15th, others the 1st or the 15th. */
export type BillDay = 1 | 15;
export const PEST_BILL_DAY: BillDay = 15;
export const DEFAULT_BILL_DAY: BillDay = 1;

/** The service year rolls over to the next year after this day of December (call-handling.md §9). */
export const SERVICE_YEAR_ROLLOVER_DECEMBER_DAY = 2;

/** The last day of a lawn-care season; the rounds are spread from the first application to this day. */
export const LAWN_SEASON_END = { month: 11, day: 30 } as const;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isValidDay(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    year >= 1900 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** 'YYYY-MM-DD' to its parts; anything else (including 2025-02-30) is a {@link PricingInputError}. */
export function parseDay(text: string): CalendarDay {
  if (typeof text === 'string' && text.length === 10 && text[4] === '-' && text[7] === '-') {
    const year = Number(text.slice(0, 4));
    const month = Number(text.slice(5, 7));
    const day = Number(text.slice(8, 10));
    if (isValidDay(year, month, day)) return { year, month, day };
  }
  throw new PricingInputError(`'${String(text)}' is not a date YYYY-MM-DD.`);
}

/** Parts to 'YYYY-MM-DD'. */
export function formatDay(d: CalendarDay): string {
  return `${String(d.year).padStart(4, '0')}-${d.month < 10 ? '0' : ''}${d.month}-${d.day < 10 ? '0' : ''}${d.day}`;
}

/** Days since 1970-01-01 (proleptic Gregorian), without Date. */
export function dayNumber(d: CalendarDay): number {
  const y = d.month <= 2 ? d.year - 1 : d.year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (d.month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d.day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * The service year a sale on this day belongs to: the calendar year, and the next year from December 3 on
 * ("after December 2 the service year decides").
 */
export function serviceYearFor(date: CalendarDay | string): number {
  const d = typeof date === 'string' ? parseDay(date) : date;
  return d.month === 12 && d.day > SERVICE_YEAR_ROLLOVER_DECEMBER_DAY ? d.year + 1 : d.year;
}

/**
 * Months left to bill monthly (call-handling.md §9): 12 minus the current month (a sale in March bills April to
 * December, 9 months), or 12 in December (next season, January to December). A quote for a later service year
 * than the calendar year has all 12 months: after December 2 the service year decides.
 */
export function monthsRemaining(date: CalendarDay | string, serviceYear?: number): number {
  const d = typeof date === 'string' ? parseDay(date) : date;
  const year = serviceYear ?? serviceYearFor(d);
  if (year > d.year || d.month === 12) return 12;
  return 12 - d.month;
}

/**
 * The first bill date of a monthly line: the bill day of the month after the sale, or of January of the service
 * year when the whole service year is billed (a December sale, or a later service year).
 */
export function firstBillDate(date: CalendarDay | string, billDay: BillDay, serviceYear?: number): string {
  const d = typeof date === 'string' ? parseDay(date) : date;
  const year = serviceYear ?? serviceYearFor(d);
  if (year > d.year || d.month === 12) return formatDay({ year: Math.max(year, d.year + 1), month: 1, day: billDay });
  return formatDay({ year: d.year, month: d.month + 1, day: billDay });
}

/**
 * A franchise FirstAppTime as a day of the service year. Accepts 'YYYY-MM-DD', 'MM-DD', 'MM/DD' and 'MM/DD/YYYY'
 * (the year, if any, is replaced by the service year); null when it is none of these.
 */
export function firstApplicationDay(firstAppTime: string | null | undefined, serviceYear: number): CalendarDay | null {
  if (!firstAppTime) return null;
  const m = /^\s*(?:\d{4}-(\d{1,2})-(\d{1,2})|(\d{1,2})[-/](\d{1,2})(?:\/\d{4})?)\s*$/.exec(firstAppTime);
  if (!m) return null;
  const month = Number(m[1] ?? m[3]);
  const day = Number(m[2] ?? m[4]);
  return isValidDay(serviceYear, month, day) ? { year: serviceYear, month, day } : null;
}

/**
 * Lawn-care rounds still to come in the service year, when the pricing data does not say (docs/pricing.md
 * "Rounds"). The rounds are spread evenly from the first application (FirstAppTime) to November 30: round k of n
 * falls on first + floor(k × span / n) days. A round on the sale day or later is still to come.
 * - a later service year than the sale date: every round;
 * - an earlier one: none;
 * - no usable FirstAppTime: every round.
 */
export function remainingRounds(args: {
  totalRounds: number;
  firstAppTime: string | null | undefined;
  date: CalendarDay | string;
  serviceYear?: number;
}): number {
  const total = Math.max(0, Math.floor(args.totalRounds));
  const d = typeof args.date === 'string' ? parseDay(args.date) : args.date;
  const year = args.serviceYear ?? serviceYearFor(d);
  if (total === 0 || year > d.year) return total;
  if (year < d.year) return 0;
  const first = firstApplicationDay(args.firstAppTime, year);
  if (!first) return total;
  const start = dayNumber(first);
  const today = dayNumber(d);
  if (today <= start) return total;
  const span = Math.max(0, dayNumber({ year, ...LAWN_SEASON_END }) - start);
  let left = 0;
  for (let k = 0; k < total; k++) {
    if (start + Math.floor((k * span) / total) >= today) left++;
  }
  return left;
}

/** Building an Intl.DateTimeFormat costs far more than using one: one per time zone, kept. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day 'YYYY-MM-DD' an instant falls on in a time zone (the caller passes the instant: no clock here). */
export function calendarDayIn(instant: Date, timeZone: string): string {
  const parts = dayFormat(timeZone)
    .formatToParts(instant)
    .reduce<Record<string, string>>((acc, p) => ((acc[p.type] = p.value), acc), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}
