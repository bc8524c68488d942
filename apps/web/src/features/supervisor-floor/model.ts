import { CALL_TIME_ZONE } from '@cc/domain';
import type { FloorSnapshot } from '@cc/contract';

const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: CALL_TIME_ZONE, hour: 'numeric', minute: '2-digit' });

/** An instant as the call centre's clock shows it: '9:05 AM'. */
export const callCentreTime = (iso: string): string => timeFormat.format(new Date(iso));

/** Seconds as 'm:ss' (or 'h:mm:ss'); a dash for none. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export const percent = (rate: number): string => `${Math.round(rate * 100)}%`;

/** '9 AM', '12 PM', '5 PM'. */
export const hourLabel = (hour: number): string => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

/** The chart's hours: the working day (7 AM to 8 PM), widened to any hour with calls. */
export function chartHours(hours: FloorSnapshot['hours']) {
  const busy = hours.filter((h) => h.calls > 0).map((h) => h.hour);
  const from = Math.min(7, ...busy);
  const to = Math.max(20, ...busy);
  return hours.filter((h) => h.hour >= from && h.hour <= to).map((h) => ({ ...h, label: hourLabel(h.hour) }));
}

/** The list counts as one row per branch and one column per list. */
export function listTable(lists: FloorSnapshot['lists']) {
  const types = [...new Set(lists.map((l) => l.type))].sort();
  const branches = new Map<string, Record<string, number>>();
  for (const l of lists) {
    const row = branches.get(l.branchNo) ?? {};
    row[l.type] = l.n;
    branches.set(l.branchNo, row);
  }
  const rows = [...branches.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([branchNo, counts]) => ({ branchNo, counts, total: Object.values(counts).reduce((s, n) => s + n, 0) }));
  return { types, rows };
}
