/** The screen bench's figures (run.ts): each step's times over its runs, and the table that reports them. */
import { quantile } from '../load.js';

/** The goals: the first page within a second, every step inside the app within 300 ms, at the 95th percentile. */
export const FIRST_PAGE_TARGET_MS = 1000;
export const IN_APP_TARGET_MS = 300;

export interface StepFigures {
  step: string;
  runs: number;
  median: number;
  p95: number;
  worst: number;
  target: number;
}

/** A step's median, p95 (nearest rank) and worst time, in ms. */
export function stepFigures(step: string, times: readonly number[], target: number): StepFigures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    step,
    runs: sorted.length,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    worst: sorted.at(-1) ?? Number.NaN,
    target,
  };
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '-');

/** One line per step: its runs, median, p95 and worst, and whether the p95 is within its target. */
export function stepTable(figures: readonly StepFigures[]): string[] {
  const width = Math.max(4, ...figures.map((f) => f.step.length));
  const lines = [
    `${'step'.padEnd(width)}  runs  median ms   p95 ms  worst ms  target ms`,
    ...figures.map(
      (f) =>
        `${f.step.padEnd(width)}  ${String(f.runs).padStart(4)}  ${ms(f.median).padStart(9)}  ${ms(f.p95).padStart(7)}` +
        `  ${ms(f.worst).padStart(8)}  ${String(f.target).padStart(9)}  ${f.p95 <= f.target ? 'met' : 'not met'}`,
    ),
  ];
  return lines;
}
