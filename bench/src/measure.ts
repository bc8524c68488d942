/**
 * One scenario under load: the API's run, and its ceiling measured around it. A machine of this kind can
 * change speed by half within a run; a ceiling measured minutes before the API's run (all ceilings first, then the
 * server) judged the API on a different machine. Here the ceiling runs in two halves, just before and just after the
 * API's run, each with its own warm-up: a drift that is even over the minute weighs on both sides alike.
 */
import os from 'node:os';
import { summarize, type SqlLoad, type Timed } from './ceiling.js';
import { preflight } from './checks.js';
import { drive } from './load.js';
import type { Measured } from './report.js';
import type { Scenario } from './scenarios.js';
import { cpuSeconds, type Server } from './server.js';

/** A run of the ceiling for `seconds` (after its own warm-up), or a ceiling measured earlier. */
export type Ceiling = ((seconds: number) => Promise<Timed>) | SqlLoad | null;

export interface Timing {
  connections: number;
  duration: number;
  warmup: number;
}

/** The load target of a scenario, as signed in with `token`. */
export const targetOf = (server: Server, scenario: Scenario, token: string | null, connections: number) => ({
  url: server.url,
  method: scenario.method,
  path: scenario.path,
  token,
  bodies: scenario.inputs.map((i) => i.body),
  paths: scenario.inputs.map((i) => i.path),
  connections: scenario.connections ?? connections,
  newKeyPerRequest: scenario.newKeyPerRequest ?? false,
  ...(scenario.before ? { before: scenario.before } : {}),
});

/** The scenario's API load between the two halves of its ceiling; answers what the report needs and a log line. */
export async function measureScenario(
  server: Server,
  scenario: Scenario,
  token: string | null,
  ceiling: Ceiling,
  timing: Timing,
): Promise<{ measured: Measured; outcomes: string }> {
  const outcomes = await preflight(server.url, token, scenario);
  const half = timing.duration / 2;
  const halves: Timed[] = [];
  if (typeof ceiling === 'function') halves.push(await ceiling(half));
  let cpuAtStart = 0;
  const load = await drive(targetOf(server, scenario, token, timing.connections), {
    duration: timing.duration,
    warmup: timing.warmup,
    // The server's CPU over the measured run alone.
    onMeasure: (phase) => (phase === 'start' ? (cpuAtStart = cpuSeconds(server.pid)) : undefined),
  });
  const cpuMsPerRequest = ((cpuSeconds(server.pid) - cpuAtStart) * 1000) / Math.max(1, load.requests);
  if (typeof ceiling === 'function') halves.push(await ceiling(half));
  const [load1] = os.loadavg();
  return {
    measured: {
      scenario,
      sql: typeof ceiling === 'function' ? summarize(halves) : ceiling,
      load,
      cpuMsPerRequest,
      loadAverage: load1 ?? 0,
    },
    outcomes,
  };
}
