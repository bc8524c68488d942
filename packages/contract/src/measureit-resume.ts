/**
 * The measurement the caller left in progress (administration.md §2: a signed-in user is sent back to the MeasureIt
 * edit screen if a measurement was in progress; decision 043): the caller's own lock on a
 * customer's or a neighbour's property that has not lapsed. By-address and commercial-lead measurements are not
 * resumed (decision 043).
 */
import { ACCESS } from '@cc/domain';
import { z } from './zod.js';

export const MeasurementInProgress = z.object({
  propertyId: z.number().int(),
  sqldbid: z.number().int(),
  /** A customer's property: its customer number (the edit screen's `id`); null for a neighbour's. */
  customerNo: z.number().int().nullable(),
  /** When the caller took (or last renewed) the lock, and when it lapses. */
  since: z.string(),
  expiresAt: z.string(),
});
export type MeasurementInProgress = z.infer<typeof MeasurementInProgress>;

export const MeasurementInProgressResponse = z.object({ measurement: MeasurementInProgress.nullable() });
export type MeasurementInProgressResponse = z.infer<typeof MeasurementInProgressResponse>;

export const measureItResumeRoutes = {
  measureItMeasurementInProgress: {
    method: 'POST',
    path: '/api/MeasureIt/GetMeasurementInProgress',
    access: ACCESS.measureIt,
    response: MeasurementInProgressResponse,
  },
} as const;
