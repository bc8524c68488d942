/**
 * The supervisor's numbers (docs/decisions/082-report-definitions.md): calls, handle times, agent states and sales over
 * a range of the call centre's days (America/Chicago), by CSR, by call type or by branch, per day or per hour.
 */
import { z } from './zod.js';
import { CalendarDay } from './common.js';

/** The longest range a report covers: a year and a day (a leap year's). */
export const REPORT_MAX_DAYS = 366;
/** Per hour, a range of at most this many days (744 hours). */
export const REPORT_MAX_HOURLY_DAYS = 31;

export const REPORT_GROUPS = ['csr', 'type', 'branch'] as const;
export const ReportGroup = z.enum(REPORT_GROUPS);
export type ReportGroup = z.infer<typeof ReportGroup>;
export const REPORT_INTERVALS = ['day', 'hour'] as const;
export const ReportInterval = z.enum(REPORT_INTERVALS);
export type ReportInterval = z.infer<typeof ReportInterval>;

/** Whole days from `from` to `to`, both counted. */
export function reportDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const ReportQuery = z
  .object({
    from: CalendarDay,
    to: CalendarDay,
    groupBy: ReportGroup,
    interval: ReportInterval.default('day'),
  })
  .superRefine((q, ctx) => {
    const days = reportDays(q.from, q.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${REPORT_MAX_DAYS} days after from` });
    } else if (q.interval === 'hour' && days > REPORT_MAX_HOURLY_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['interval'],
        message: `hour covers at most ${REPORT_MAX_HOURLY_DAYS} days; choose day for a longer range`,
      });
    }
  });
export type ReportQuery = z.infer<typeof ReportQuery>;

export const AGENT_STATES_REPORTED = ['Ready', 'On call', 'Wrap-up', 'Away'] as const;

/** Seconds spent in each state within the row's group and period (Offline is not time at work and is left out). */
export const ReportStateSeconds = z.object({
  Ready: z.number(),
  'On call': z.number(),
  'Wrap-up': z.number(),
  Away: z.number(),
});
export type ReportStateSeconds = z.infer<typeof ReportStateSeconds>;

/** The figures of one group in one period (or over the whole range, or of every group). */
export const ReportFigures = z.object({
  /** Calls handled: ended in the period, cancelled ones left out. */
  calls: z.number().int(),
  /** Seconds from opening to end, averaged over the calls that have both; null without any. */
  averageHandleSeconds: z.number().nullable(),
  /** Seconds of Wrap-up, averaged over the Wrap-ups that began in the period; null without any (or not by CSR). */
  averageWrapUpSeconds: z.number().nullable(),
  /** Time in each state (seconds); null where states have no group (by call type or branch, except the total). */
  stateSeconds: ReportStateSeconds.nullable(),
  sales: z.number().int(),
  /** Sales per call handled, 0 to 1, three places. */
  conversion: z.number(),
  /** The total cost of the sales, dollars. */
  revenue: z.number(),
  /** Calls on which a quote was saved, sold or not. */
  quotes: z.number().int(),
});
export type ReportFigures = z.infer<typeof ReportFigures>;

export const ReportGroupRow = ReportFigures.extend({
  /** The group's key: the CSR's name (one row per name, as on the floor), the call type, the branch. */
  key: z.string(),
  /** What people read: the CSR's name, the call type's display name, the branch number. */
  label: z.string(),
});
export type ReportGroupRow = z.infer<typeof ReportGroupRow>;

export const ReportPeriodRow = ReportFigures.extend({
  /** 'YYYY-MM-DD' per day, 'YYYY-MM-DD HH:00' per hour, the call centre's clock. */
  period: z.string(),
});
export type ReportPeriodRow = z.infer<typeof ReportPeriodRow>;

/** One group in one period (only the periods where it has something): the CSV's lines. */
export const ReportCell = ReportFigures.extend({ key: z.string(), period: z.string() });
export type ReportCell = z.infer<typeof ReportCell>;

export const ReportResponse = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: ReportGroup,
  interval: ReportInterval,
  timeZone: z.string(),
  /** When it was read: a range reaching today counts today so far. */
  asOf: z.string(),
  /** Every group with something in the range, over the whole range, in the label's order. */
  groups: z.array(ReportGroupRow),
  /** Every period of the range, over every group, in time order (empty periods too). */
  periods: z.array(ReportPeriodRow),
  total: ReportFigures,
});
export type ReportResponse = z.infer<typeof ReportResponse>;

/** The CSV: text/csv. */
export const ReportCsv = z.string();
