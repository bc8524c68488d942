/**
 * A callback's day and time as the call screen shows it ('Wed Dec 9, 10:30 AM'; with the year in the end-of-call
 * summary). The draft keeps the call centre's wall time ('YYYY-MM-DD HH:mm:ss', America/Chicago), so it is read as
 * written, whatever the browser's zone. Plain formatting rather than a date library: the call screen's first paint
 * does not wait for one (docs/decisions/095-initial-javascript-per-route.md).
 */
import { formatTimeOfDay } from '@cc/domain';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function callbackText(at: string, withYear = false): string {
  const [y = 0, mo = 1, d = 1] = at.slice(0, 10).split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y, mo - 1, d)).getUTCDay()] ?? '';
  const day = `${weekday} ${MONTHS[mo - 1] ?? ''} ${d}`;
  const time = formatTimeOfDay(at.slice(11, 16));
  return withYear ? `${day}, ${y} ${time}` : `${day}, ${time}`;
}
