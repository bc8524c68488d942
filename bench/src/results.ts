/**
 * A run's figures as JSON (BENCH_RESULTS): what compare.ts puts side by side for two runs, such as the bench at scale 1
 * and at scale 4 (how each scenario's cost grows with the data), or one commit and the next.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { FirstStart } from './first-start.js';
import type { Measured } from './report.js';

export interface ScenarioFigures {
  scenario: string;
  kind: string;
  p50: number | null;
  p95: number | null;
  requestsPerSecond: number | null;
  /** The same statements straight at the database (null: the scenario has none of its own). */
  ceilingP95: number | null;
  ceilingRequestsPerSecond: number | null;
  loadAverage: number;
}

export interface RunFigures {
  at: string;
  scale: number;
  sizes: { customers: number; outboundCalls: number; callSearchRows: number; agents: number };
  connections: number;
  duration: number;
  cpus: number;
  postgres: ScenarioFigures[];
  pglite: ScenarioFigures[];
  /** The one-line results of the scenarios that are not a load (the engine, the import, the floor, the pop…). */
  summaries: Record<string, string>;
  firstStart: FirstStart | null;
}

/** JSON has no Infinity or NaN: a figure that is not a number is null. */
const figure = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v : null);

export function figuresOf(m: Measured): ScenarioFigures {
  return {
    scenario: m.scenario.name,
    kind: m.scenario.kind,
    p50: figure(m.load.p50),
    p95: figure(m.load.p95),
    requestsPerSecond: figure(m.load.requestsPerSecond),
    ceilingP95: figure(m.sql?.p95),
    ceilingRequestsPerSecond: figure(m.sql?.requestsPerSecond),
    loadAverage: m.loadAverage,
  };
}

/** Write a run's figures (the time and the machine's CPUs added). */
export function writeResults(file: string, run: Omit<RunFigures, 'at' | 'cpus'>): void {
  const figures: RunFigures = { at: new Date().toISOString(), cpus: os.cpus().length, ...run };
  fs.writeFileSync(file, JSON.stringify(figures, null, 2) + '\n');
}

export function readResults(file: string): RunFigures {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RunFigures;
}
