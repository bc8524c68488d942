/** SQL fragments every feature shares: call times in America/Chicago, whole-day ranges, literal LIKE. */
import { sql, type SQL } from 'drizzle-orm';
import { CALL_TIME_ZONE } from '@cc/domain';

const tz = sql.raw(`'${CALL_TIME_ZONE}'`);

/** An instant as the spec exchanges call times: 'YYYY-MM-DD HH:mm:ss' in America/Chicago. */
export const callTime = (column: unknown): SQL => sql`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The first instant of a day in America/Chicago. */
export const dayStart = (day: string): SQL => sql`(${day}::date)::timestamp at time zone ${tz}`;

/** The first instant after a day in America/Chicago; whole-day ranges are [dayStart(from), dayAfter(to)). */
export const dayAfter = (day: string): SQL => sql`(${day}::date + 1)::timestamp at time zone ${tz}`;

/** Escape LIKE wildcards so that what a user typed is searched for literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
