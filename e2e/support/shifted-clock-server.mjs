/**
 * The built server with its clock moved forward by E2E_CLOCK_SHIFT_MS: what a journey starts when a rule of the
 * clock must show one path whatever the hour the suite runs at (the calling hours of a dial). Only requests are
 * answered by the moved clock (the app's `now`, as the API tests give theirs); the database keeps its own, so a
 * journey on this server does not compare the two.
 */
import { runServer } from '../../apps/api/dist/main.js';

const shift = Number(process.env.E2E_CLOCK_SHIFT_MS);
if (!Number.isFinite(shift) || shift < 0) {
  console.error('E2E_CLOCK_SHIFT_MS must be a number of milliseconds, 0 or more');
  process.exit(1);
}
void runServer({ now: () => new Date(Date.now() + shift) });
