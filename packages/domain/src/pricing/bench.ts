/**
 * Micro-benchmark of the pricing engine on one core (not a test). `npm run bench` runs it first, as the scenario
 * "engine: …" with the budget `engine_quotes_per_second` of bench/budgets.json (bench/src/engine.ts); by hand:
 *
 *   npx tsx packages/domain/src/pricing/bench.ts [windows] [--json]
 *
 * Runs [windows] (default 10) windows of one second after a one-second warm-up and prints the best and median
 * quotes per second by the wall clock, and the median per CPU-second (process.cpuUsage, where the runtime has it),
 * which is the fairer number on a shared, busy machine. With --json it prints one JSON line instead:
 * { windows, wallBest, wallMedian, cpuMedian (null without process.cpuUsage), checksum }.
 *
 * Prices a realistic call over and over: a prospect or customer with the Preferred or Preferred Plus program, four
 * additional services picked (one monthly, one blocked by another's gl_account), a pest program on every other quote,
 * an offer and a coupon, with the quote inputs
 * varied a little each time (date, flags, edits) so no one path is measured alone.
 */
import { FRANCHISE_DATA } from './fixtures.js';
import { quote } from './quote.js';
import type { QuoteInput } from './types.js';

const args = globalThis.process?.argv.slice(2) ?? [];
const json = args.includes('--json');
const seconds = Number(args.find((a) => /^\d+$/.test(a)) ?? 10) || 10;

const DATES = ['2025-03-01', '2025-05-20', '2025-08-14', '2025-12-10'];
const inputs: QuoteInput[] = [];
for (let i = 0; i < 64; i++) {
  inputs.push({
    data: FRANCHISE_DATA,
    selections: {
      lawnProgramId: i % 3 === 0 ? 1 : 3,
      pestProgramId: i % 2 === 0 ? 1 : null,
      additionalServiceIds: [11, 12, 13, 14],
      offerId: [null, 1, 3, 4, 6][i % 5] ?? null,
      couponCode: ['SAVE20', 'GRUB10', 'PEST50', null][i % 4] ?? null,
    },
    flags: { prepay: i % 7 !== 0, callDiscount: i % 2 === 0 ? undefined : true, monthlyPayment: i % 5 === 0 },
    edits: i % 8 === 0 ? { lawnPrice: 4200, roundCount: 4 } : {},
    customer: { isExisting: i % 3 === 1, lawnSize: 0.17 },
    date: DATES[i % DATES.length] ?? '2025-03-01',
  });
}

/** CPU time of this process in ms (user + system), when the runtime can tell; else null. */
function cpuMs(): number | null {
  const usage = globalThis.process?.cpuUsage?.();
  return usage ? (usage.user + usage.system) / 1000 : null;
}

function run(ms: number): { quotes: number; elapsed: number; cpu: number | null; checksum: number } {
  let quotes = 0;
  let checksum = 0;
  const cpuStart = cpuMs();
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let k = 0; k < 1000; k++) {
      const q = quote(inputs[quotes & 63] as QuoteInput);
      checksum = (checksum + q.totals.saleTotal) | 0;
      quotes++;
    }
    now = performance.now();
  }
  const cpuEnd = cpuMs();
  return {
    quotes,
    elapsed: now - start,
    cpu: cpuStart !== null && cpuEnd !== null ? cpuEnd - cpuStart : null,
    checksum,
  };
}

const rate = (quotes: number, ms: number) => Math.round((quotes / ms) * 1000);
const fmt = (n: number) => n.toLocaleString('en-US');

run(1000); // warm-up: let the JIT settle
const windows: { wall: number; cpu: number | null }[] = [];
let checksum = 0;
for (let i = 0; i < seconds; i++) {
  const w = run(1000);
  checksum = (checksum + w.checksum) | 0;
  windows.push({ wall: rate(w.quotes, w.elapsed), cpu: w.cpu === null ? null : rate(w.quotes, w.cpu) });
}
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const wall = sorted(windows.map((w) => w.wall));
const cpu = sorted(windows.flatMap((w) => (w.cpu === null ? [] : [w.cpu])));
const median = (xs: number[]) => xs[Math.floor(xs.length / 2)] ?? 0;
if (json) {
  console.log(
    JSON.stringify({
      windows: windows.length,
      wallBest: wall[wall.length - 1] ?? 0,
      wallMedian: median(wall),
      cpuMedian: cpu.length ? median(cpu) : null,
      checksum,
    }),
  );
} else {
  console.log(
    `${windows.length} windows of 1 s. Wall clock: best ${fmt(wall[wall.length - 1] ?? 0)}, median ${fmt(median(wall))} ` +
      `quotes/s (${(1e6 / (wall[wall.length - 1] ?? 1)).toFixed(1)} µs per quote at best).` +
      (cpu.length ? ` CPU time: median ${fmt(median(cpu))} quotes per CPU-second.` : '') +
      ` [checksum ${checksum}]`,
  );
}
