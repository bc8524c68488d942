/**
 * `npm run compare -w @cc/bench -- <a.json> <b.json>`: two runs' figures (BENCH_RESULTS) side by side — each scenario's
 * p95 and its ceiling's p95 in both, and how much they grew from the first to the second. Between scale 1 and scale 4
 * a search or list whose p95 grows past GROWTH_LIMIT times is marked: its cost grows with the data faster than a read
 * off an index should (bench/README.md says why, for each such scenario).
 */
import { readResults, type RunFigures, type ScenarioFigures } from './results.js';

/** A search or list may cost at most this many times as much at four times the data. */
export const GROWTH_LIMIT = 1.3;

const GROWTH_KINDS = new Set([
  'search',
  'call_search',
  'measureit_search',
  'measureit_large_page',
  'autocomplete',
  'outbound',
]);

const ms = (v: number | null) => (v === null ? '-' : v.toFixed(2));
const ratio = (a: number | null, b: number | null) => (a === null || b === null || a === 0 ? null : b / a);
const times = (r: number | null) => (r === null ? '-' : `${r.toFixed(2)} ×`);

/** The comparison's rows: every scenario of either run, in the first run's order. */
export function compareRows(a: ScenarioFigures[], b: ScenarioFigures[]): string[][] {
  const names = [
    ...a.map((s) => s.scenario),
    ...b.map((s) => s.scenario).filter((n) => !a.some((s) => s.scenario === n)),
  ];
  return names.map((name) => {
    const x = a.find((s) => s.scenario === name);
    const y = b.find((s) => s.scenario === name);
    const grew = ratio(x?.p95 ?? null, y?.p95 ?? null);
    const kind = x?.kind ?? y?.kind ?? '';
    const held = GROWTH_KINDS.has(kind) && grew !== null ? (grew <= GROWTH_LIMIT ? 'ok' : 'GROWS FASTER') : '-';
    return [
      name,
      ms(x?.p95 ?? null),
      ms(y?.p95 ?? null),
      times(grew),
      ms(x?.ceilingP95 ?? null),
      ms(y?.ceilingP95 ?? null),
      times(ratio(x?.ceilingP95 ?? null, y?.ceilingP95 ?? null)),
      held,
    ];
  });
}

function label(run: RunFigures): string {
  return `scale ${run.scale}: ${run.sizes.customers.toLocaleString('en-US')} customers, ${run.sizes.outboundCalls.toLocaleString('en-US')} outbound rows, ${run.sizes.callSearchRows.toLocaleString('en-US')} call search rows, ${run.sizes.agents} bench CSRs (${run.at})`;
}

function print(title: string, rows: string[][]): void {
  const head = [
    'scenario',
    'p95 A',
    'p95 B',
    'B / A',
    'ceiling p95 A',
    'ceiling p95 B',
    'B / A',
    `≤ ${GROWTH_LIMIT} ×`,
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ') + ' |';
  console.log(`\n${title}`);
  console.log(line(head));
  console.log('|' + widths.map((w, i) => '-'.repeat(w + 1) + (i === 0 ? '-' : ':')).join('|') + '|');
  for (const row of rows) console.log(line(row));
}

function main(): void {
  const [fileA, fileB] = process.argv.slice(2);
  if (!fileA || !fileB) {
    console.error('usage: npm run compare -w @cc/bench -- <a.json> <b.json>  (files written with BENCH_RESULTS)');
    process.exitCode = 2;
    return;
  }
  const a = readResults(fileA);
  const b = readResults(fileB);
  console.log(`A: ${label(a)}\nB: ${label(b)}`);
  print('PostgreSQL server (p95 in ms)', compareRows(a.postgres, b.postgres));
  if (a.pglite.length > 0 || b.pglite.length > 0) print('PGlite (p95 in ms)', compareRows(a.pglite, b.pglite));
  for (const name of new Set([...Object.keys(a.summaries), ...Object.keys(b.summaries)])) {
    console.log(`\n${name}\n  A: ${a.summaries[name] ?? '-'}\n  B: ${b.summaries[name] ?? '-'}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
