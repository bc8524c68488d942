/**
 * The real API as a separate process (node with tsx on src/server.ts, no build needed) on a PostgreSQL database,
 * for tests across processes: two servers racing for one call, or a server killed in the middle of a request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../server.ts');
const tsxLoader = path.resolve(here, '../../../../node_modules/tsx/dist/loader.mjs');

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
 * Start the server on `databaseUrl` and wait until it answers GET /api/client-config. The mail worker is off
 * unless `env` turns it on (messages stay queued where a test can see them), and the server serves no web app.
 */
export async function startServerProcess(
  databaseUrl: string,
  options: { port?: number; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', tsxLoader, serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      DATA_DIR: '/nonexistent',
      MAIL_WORKER: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let hasExited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      hasExited = true;
      resolve();
    });
  });
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    child,
    output: () => output,
    exited: () => exit,
    async kill(signal = 'SIGTERM') {
      if (!hasExited) child.kill(signal);
      await exit;
    },
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (hasExited) throw new Error(`the server on port ${port} exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${server.url}/api/client-config`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`the server on port ${port} did not answer in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
