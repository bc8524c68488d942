/**
 * Where the dashboard sends a signed-in user back to (administration.md §2): the saved current call, else the
 * MeasureIt edit screen of the measurement in progress (decision 043; a saved call wins when there are both). Pure.
 */
import type { MeasurementInProgress } from '@cc/contract';
import { editMeasureItPath } from '../measureit';

/** The edit screen of the property: a customer's by its customer number (`id`), a neighbour's by its property id. */
export function measurementResumePath(m: Pick<MeasurementInProgress, 'sqldbid' | 'customerNo' | 'propertyId'>): string {
  return m.customerNo !== null
    ? editMeasureItPath({ sqldbid: m.sqldbid, customerNo: m.customerNo })
    : editMeasureItPath({ sqldbid: m.sqldbid, propertyId: m.propertyId });
}

export type ResumeTarget<Call> =
  | { kind: 'call'; call: Call }
  /** `since`: when the measurement was opened (its lock taken), for the edit screen's notice. */
  | { kind: 'measurement'; path: string; since: string }
  | null;

/**
 * The resume once the answers needed are in, or 'waiting': the saved call first; the measurement only when there is
 * no saved call, and only when it was asked (a user who may use MeasureIt).
 */
export function resumeTarget<Call>(
  saved: { known: boolean; call: Call | null },
  measurement: { asked: boolean; known: boolean; value: MeasurementInProgress | null },
): ResumeTarget<Call> | 'waiting' {
  if (!saved.known) return 'waiting';
  if (saved.call) return { kind: 'call', call: saved.call };
  if (!measurement.asked) return null;
  if (!measurement.known) return 'waiting';
  return measurement.value
    ? { kind: 'measurement', path: measurementResumePath(measurement.value), since: measurement.value.since }
    : null;
}
