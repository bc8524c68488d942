/**
 * How other screens open MeasureIt and hear that a measurement was saved (decision 040).
 *
 * - The edit screen's address: `/editMeasureIt?sqldbid=…&id=…` for a customer's property (`id` is the customer
 *   number, as in §2), or `&propertyId=…` instead of `id` for a neighbour's (ours: a neighbour has no customer number);
 *   `closeOnSave=true` closes the window after a save or a cancel, `csr`, `wl`, `measured` and `client` are carried
 *   as the spec names them (the opener's CSR id, a web lead, whether it was measured, the opening client).
 * - A save is announced on the BroadcastChannel `cc-measureit` (same origin only) so that an opener in another
 *   window — the current call, the MeasureIt search — refreshes what it shows; so is a cancel, so that the window
 *   that opened one which then closed says what happened (docs/decisions/070-screens-at-1366.md).
 */

export interface EditMeasureItTarget {
  sqldbid: number;
  /** The customer number (a customer's property). */
  customerNo?: number;
  /** A neighbour's property id (no customer number). */
  propertyId?: number;
  closeOnSave?: boolean;
  csr?: number;
  client?: string;
  measured?: boolean;
  wl?: boolean;
}

export function editMeasureItPath(target: EditMeasureItTarget): string {
  const q = new URLSearchParams({ sqldbid: String(target.sqldbid) });
  if (target.customerNo !== undefined) q.set('id', String(target.customerNo));
  if (target.propertyId !== undefined) q.set('propertyId', String(target.propertyId));
  if (target.csr !== undefined) q.set('csr', String(target.csr));
  if (target.wl !== undefined) q.set('wl', String(target.wl));
  if (target.measured !== undefined) q.set('measured', String(target.measured));
  if (target.client !== undefined) q.set('client', target.client);
  if (target.closeOnSave) q.set('closeOnSave', 'true');
  return `/editMeasureIt?${q.toString()}`;
}

export const MEASUREIT_CHANNEL = 'cc-measureit';

/** What the edit screen announces after a save (never after a cancel). */
export interface MeasurementSaved {
  kind: 'measurement-saved';
  propertyId: number;
  sqldbid: number | null;
  customerNo: number | null;
  squareFeet: number | null;
  /** Thousands of square feet, as pricing reads it; null when not measured. */
  lawnSize: number | null;
  /** The `client` the edit screen was opened with (§2), so that only its opener speaks of it. */
  client?: string | null;
}

/** What the edit screen announces after a cancel (the measurement released, nothing saved). */
export interface MeasurementCancelled {
  kind: 'measurement-cancelled';
  propertyId: number;
  client: string | null;
}

export type MeasurementClosed = MeasurementSaved | MeasurementCancelled;

export function announceMeasurementSaved(message: Omit<MeasurementSaved, 'kind'>): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(MEASUREIT_CHANNEL);
  channel.postMessage({ kind: 'measurement-saved', ...message } satisfies MeasurementSaved);
  channel.close();
}

export function announceMeasurementCancelled(message: Omit<MeasurementCancelled, 'kind'>): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(MEASUREIT_CHANNEL);
  channel.postMessage({ kind: 'measurement-cancelled', ...message } satisfies MeasurementCancelled);
  channel.close();
}

/** Calls `listener` for every save or cancel announced by another window; returns the unsubscribe. */
export function onMeasurementClosed(listener: (message: MeasurementClosed) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(MEASUREIT_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const data = event.data as Partial<MeasurementClosed> | null;
    if (
      (data?.kind === 'measurement-saved' || data?.kind === 'measurement-cancelled') &&
      typeof data.propertyId === 'number'
    ) {
      listener(data as MeasurementClosed);
    }
  };
  return () => channel.close();
}

/** Calls `listener` for every save announced by another window; returns the unsubscribe. */
export function onMeasurementSaved(listener: (message: MeasurementSaved) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(MEASUREIT_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const data = event.data as Partial<MeasurementSaved> | null;
    if (data?.kind === 'measurement-saved' && typeof data.propertyId === 'number') {
      listener(data as MeasurementSaved);
    }
  };
  return () => channel.close();
}
