/**
 * The production build as a child process on an embedded database: one seeded once for the whole run (the
 * template), and one copy of it per Playwright worker, so workers never share a database and no journey pays for
 * loading the demo data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../../apps/api/dist/server.js');
/** The same server with its clock moved forward (shifted-clock-server.mjs). */
const shiftedClockEntry = path.resolve(here, 'shifted-clock-server.mjs');

/** The seeded data directory every worker copies; named by the run's main process, which the workers inherit. */
export const templateDir = (runId: string) => path.join(os.tmpdir(), `cc-e2e-template-${runId}`);

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** A port nothing listens on at the moment (the OS's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Start the built server on `dataDir` and resolve once it answers; its output is kept for a failure's message. With
 * `clockShiftMs`, the server answers requests by a clock that far ahead of the system's.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  clockShiftMs = 0,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [clockShiftMs > 0 ? shiftedClockEntry : serverEntry], {
    env: {
      ...process.env,
      ...(clockShiftMs > 0 ? { E2E_CLOCK_SHIFT_MS: String(clockShiftMs) } : {}),
      // The map's peers the global setup started (a journey may point a server elsewhere through `env`).
      ...(process.env.E2E_MAP_TILE_URL
        ? {
            MAP_TILE_URL: process.env.E2E_MAP_TILE_URL,
            MAP_TILE_MAX_ZOOM: '20',
            MAP_TILE_ATTRIBUTION: 'Generated test imagery',
          }
        : {}),
      ...(process.env.E2E_GEOCODER_URL ? { GEOCODER_URL: process.env.E2E_GEOCODER_URL } : {}),
      ...(process.env.E2E_STATIC_MAP_URL ? { STATIC_MAP_URL: process.env.E2E_STATIC_MAP_URL } : {}),
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  // The global setup's first start loads the demo data (20-40 s on a quiet machine); a machine shared with other work
  // took over three minutes. A worker's start on its copy is bounded by its fixture's own time-out.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** A worker's own copy of the template. */
export function copyTemplate(runId: string, name: string): string {
  const dir = path.join(os.tmpdir(), `cc-e2e-${runId}-${name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(templateDir(runId), dir, { recursive: true });
  return dir;
}
