/**
 * The real API as a separate process (node with tsx on src/server.ts, no build needed; or the built
 * dist/server.js, as production runs it) on a PostgreSQL database or an embedded one (`databaseUrl` undefined,
 * `DATA_DIR` in `env`), for tests across processes: two servers racing for one call, a server killed in the middle
 * of a request or of its first start, a server shutting down, a rolling restart behind nginx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../server.ts');
const tsxLoader = path.resolve(here, '../../../../node_modules/tsx/dist/loader.mjs');
const builtEntry = path.resolve(here, '../../dist/server.js');

export interface ServerProcess {
  /** http://127.0.0.1:{port} */
  url: string;
  pid: number;
  child: ChildProcess;
  /** The last few kilobytes the process wrote to stdout and stderr (for a failing test's message). */
  output(): string;
  /** Resolves when the process has exited (at once if it already has). */
  exited(): Promise<void>;
  /** Send a signal (SIGKILL is `kill -9`) and wait for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves when what the process wrote matches `pattern`; rejects if it exits first or after `ms`. */
  waitForOutput(pattern: RegExp, ms?: number): Promise<void>;
  /** The exit code, or null while it runs or when a signal ended it. */
  exitCode(): number | null;
}

/** A TCP port nobody listens on at the moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Start the server and do not wait for it: for a test that acts during start-up. The mail worker is off unless
 * `env` turns it on (messages stay queued where a test can see them), and the server serves no web app.
 */
export async function spawnServerProcess(
  databaseUrl: string | undefined,
  options: { port?: number; env?: Record<string, string>; built?: boolean } = {},
): Promise<ServerProcess> {
  if (options.built && !fs.existsSync(builtEntry)) {
    throw new Error(`${builtEntry} is missing: run \`npm run build\` first`);
  }
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/nonexistent',
    MAIL_WORKER: 'off',
    ...options.env,
  };
  if (databaseUrl === undefined) delete env.DATABASE_URL;
  else env.DATABASE_URL = databaseUrl;
  const args = options.built ? [builtEntry] : ['--import', tsxLoader, serverEntry];
  const child = spawn(process.execPath, args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers = new Set<() => void>();
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
    for (const watcher of watchers) watcher();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let hasExited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      hasExited = true;
      for (const watcher of watchers) watcher();
      resolve();
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    child,
    output: () => output,
    exited: () => exit,
    exitCode: () => child.exitCode,
    async kill(signal = 'SIGTERM') {
      if (!hasExited) child.kill(signal);
      await exit;
    },
    waitForOutput(pattern, ms = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const finish = (error?: Error) => {
          clearTimeout(timer);
          watchers.delete(check);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (pattern.test(output)) finish();
          else if (hasExited) finish(new Error(`the server exited before writing ${pattern}:\n${output}`));
        };
        const timer = setTimeout(() => finish(new Error(`no ${pattern} in ${ms} ms:\n${output}`)), ms);
        watchers.add(check);
        check();
      });
    },
  };
}

/** Answers the status of GET `url` on a connection of its own, closed after it (no kept-alive socket left behind). */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
  });
}

/**
 * Start the server (see spawnServerProcess) and wait until GET /readyz answers 200. The probes leave no kept-alive
 * connection open, which would hold a later graceful shutdown for its whole drain time.
 */
export async function startServerProcess(
  databaseUrl: string | undefined,
  options: { port?: number; env?: Record<string, string>; built?: boolean; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const server = await spawnServerProcess(databaseUrl, options);
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (server.exitCode() !== null || server.child.signalCode !== null) {
      throw new Error(`the server at ${server.url} exited during start-up:\n${server.output()}`);
    }
    try {
      if ((await statusOf(`${server.url}/readyz`)) === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`the server at ${server.url} did not answer in time:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
