/**
 * A real nginx of the test's own: a non-daemon child process with its own main configuration, pid file, logs and
 * temporary directories in a temporary directory, listening on a free port, never the system's service. The
 * configuration under test is included in its `http` block as given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

/** Debian's nginx (`.ci/run` installs the package where it is missing). */
export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';

export interface Nginx {
  url: string;
  port: number;
  /** The access log so far: one line per request, `METHOD URI STATUS UPSTREAMS UPSTREAM_STATUSES`. */
  accessLog(): string[];
  /** nginx's error log so far (warnings and up): why a request it answered 502 failed upstream. */
  errorLog(): string;
  stop(): Promise<void>;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts nginx on `include(port)`, the `http`-level configuration to run; resolves once it accepts connections. */
export async function startNginx(include: (port: number) => string): Promise<Nginx> {
  if (!fs.existsSync(NGINX_BINARY)) throw new Error(`${NGINX_BINARY} is missing: install Debian's nginx package`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-nginx-'));
  const port = await freePort();
  const at = (name: string) => path.join(dir, name);
  fs.writeFileSync(at('site.conf'), include(port));
  fs.writeFileSync(
    at('nginx.conf'),
    `# One process, in the foreground, as whoever runs the test: nothing of the system's nginx is used.
daemon off;
master_process off;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$request_method $uri $status $upstream_addr $upstream_status';
  access_log ${at('access.log')} upstreams;
  client_body_temp_path ${at('client_body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  include ${at('site.conf')};
}
`,
  );
  const child: ChildProcess = spawn(NGINX_BINARY, ['-p', dir, '-e', at('error.log'), '-c', at('nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => (fs.existsSync(at('error.log')) ? fs.readFileSync(at('error.log'), 'utf8') : '');
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${output}\n${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accessLog: () =>
      fs.existsSync(at('access.log')) ? fs.readFileSync(at('access.log'), 'utf8').split('\n').filter(Boolean) : [],
    errorLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exit;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
