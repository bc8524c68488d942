/** The real API server as a child process (node apps/api/dist/server.js), and signing in to it. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../../apps/api/dist/db/seed/index.js';
import { routes } from '@cc/contract';

const serverJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist/server.js');

export interface Server {
  url: string;
  /** The server's process id (the floor scenario reads its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

export async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profileDir = process.env.BENCH_CPU_PROF;
  const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, serverJs] : [serverJs];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the server exited during start-up (code ${child.exitCode})`);
    try {
      const response = await fetch(url + routes.clientConfig.path);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not answer within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Sign in as a demo account; returns the bearer token. */
export async function signIn(url: string, username: string): Promise<string> {
  const response = await fetch(url + routes.signin.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which is in parentheses and may hold spaces): utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}
