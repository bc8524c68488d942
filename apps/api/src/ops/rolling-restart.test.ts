/**
 * A rolling restart behind nginx loses no request (decision 057). Two built API processes on one PostgreSQL database
 * behind a real nginx running the README's configuration (docs/nginx-callcentre.conf, only its ports the test's);
 * 20 clients send GETs and POSTs through it (a customer, a customer search, whether a call is open, opening and
 * ending a call) while one process is stopped with SIGTERM, exits, and is started again. Every request is answered
 * 2xx at the client, and every end-call answered 2xx is in the call history exactly once, none without its answer.
 * Every request of the load is one nginx may send again (the configuration says which POSTs are), so what a client
 * sees proves little alone: nginx's own error log shows what it met upstream, and the test reads it (decision 087).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { DEMO_PASSWORD } from '../db/seed/index.js';
import { createTestDatabase, engine, type TestDatabase } from '../test/harness.js';
import { startNginx, type Nginx } from '../test/nginx.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { until } from '../test/smtp.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CONFIG = fs.readFileSync(path.join(root, 'docs/nginx-callcentre.conf'), 'utf8');
const CLIENTS = 20;
const SQLDBID = 18001;

/** The configuration with the test's ports: each replaced exactly once, so a change to the file fails here first. */
function siteFor(ports: { first: number; second: number; listen: number }): string {
  const replacements: [string, string][] = [
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${ports.first} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${ports.second} `],
    ['listen 443 ssl;', `listen 127.0.0.1:${ports.listen};`],
  ];
  let site = CONFIG;
  for (const [from, to] of replacements) {
    expect(site.split(from), `docs/nginx-callcentre.conf has '${from}' once`).toHaveLength(2);
    site = site.replace(from, to);
  }
  return site;
}

it('the README shows the nginx configuration this test runs', () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  expect(/```nginx\n([\s\S]*?)```/.exec(readme)?.[1]).toBe(CONFIG);
});

describe.runIf(engine === 'postgres')(
  'a rolling restart behind nginx (needs a PostgreSQL server: TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase;
    const servers: ServerProcess[] = [];
    let nginx: Nginx | undefined;
    // A drain far longer than nginx needs to use up the connections it keeps: the drain ends when they have closed.
    const start = (port?: number) =>
      startServerProcess(database.url, { built: true, port, env: { SHUTDOWN_DRAIN_SECONDS: '20' } }).then((s) => {
        servers.push(s);
        return s;
      });
    const portOf = (server: ServerProcess) => Number(new URL(server.url).port);

    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(servers.map((s) => s.kill('SIGKILL')));
      await database?.close();
    });

    it('answers every request and ends each call once while one of two processes restarts under 20 clients', async () => {
      const [first, second] = await Promise.all([start(), start()]);
      if (!first || !second) throw new Error('two servers');
      const proxy = await startNginx((listen) => siteFor({ first: portOf(first), second: portOf(second), listen }));
      nginx = proxy;

      const customers = rowsOf<{ customer_no: number }>(
        await database.db.execute(sql`
        select customer_no from customers where sqldbid = ${SQLDBID} and branchno in ('SG101', 'SG102')
        order by customer_no limit ${CLIENTS}`),
      ).map((r) => r.customer_no);
      expect(customers).toHaveLength(CLIENTS);

      const send = (token: string | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
        fetch(proxy.url + url, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
      // One session for every client (sign-ins in parallel would count as guesses against the username).
      const signin = await send(null, 'POST', '/api/auth/signin', {
        username: 'csr.franchise',
        password: DEMO_PASSWORD,
      });
      expect(signin.status).toBe(200);
      const { token } = (await signin.json()) as { token: string };

      // ---- The load: every answer is counted, every failure kept with what it was. ----
      let answered = 0;
      let stopping = false;
      const failures: string[] = [];
      /** Idempotency key → the status its end-call was answered with. */
      const endCalls = new Map<string, number>();
      async function call(token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<number> {
        try {
          const response = await send(token, method, url, body);
          const text = await response.text();
          if (response.status < 200 || response.status > 299) {
            failures.push(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
          }
          answered += 1;
          return response.status;
        } catch (error) {
          failures.push(`${method} ${url}: ${error instanceof Error ? `${error.message} ${String(error.cause)}` : ''}`);
          return 0;
        }
      }
      async function client(token: string, customerNo: number): Promise<void> {
        const customer = { sqldbid: SQLDBID, customerNo };
        for (let round = 0; !stopping; round++) {
          if (round % 4 === 0) await call(token, 'GET', `/api/customer/${SQLDBID}/${customerNo}`);
          if (round % 4 === 1) await call(token, 'POST', '/api/InboundCall/SearchCustomers', { lastname: 'Smith' });
          if (round % 4 === 2) await call(token, 'POST', '/api/call-center/isCallActive', customer);
          if (round % 4 !== 3) continue;
          const opened = await call(token, 'POST', '/api/call-center/call-active', {
            ...customer,
            callType: 'Inbound',
          });
          if (opened !== 200) continue;
          const key = randomUUID();
          const status = await call(token, 'POST', '/api/call-center/end-call', {
            idempotencyKey: key,
            ...customer,
            callType: 'Inbound',
            result: 'Information Only',
            notes: 'Ended during a rolling restart.',
            sendEmail: false,
          });
          endCalls.set(key, status);
        }
      }
      const load = Promise.all(customers.map((customerNo) => client(token, customerNo)));

      // ---- The restart of one process, in the middle of it. ----
      await until(() => answered >= 2 * CLIENTS, 60_000);
      first.child.kill('SIGTERM');
      await first.exited();
      expect(first.exitCode(), first.output()).toBe(0);
      // Its drain ended with every connection closed by its own answer: none was left for the drain's end to close.
      expect(first.output()).not.toContain('drain ended with connections open');
      const whileAway = answered;
      // Where nginx's error log stood before anything listened on the stopped process's port again.
      const errorsBeforeRestart = proxy.errorLog().split('\n').length - 1;
      const restarted = await start(portOf(first));
      const mark = proxy.accessLog().length;
      // nginx sends work to the process again (after its fail_timeout), and the restarted process answers it.
      const servedByRestarted = `127.0.0.1:${portOf(restarted)} 2`;
      await until(
        () =>
          proxy
            .accessLog()
            .slice(mark)
            .some((line) => line.includes(servedByRestarted)),
        30_000,
      );
      stopping = true;
      await load;

      expect(failures, proxy.errorLog()).toEqual([]);
      expect(answered).toBeGreaterThan(whileAway);
      // What nginx met upstream. The stopping process stopped listening at the signal, so nginx met a refused
      // connection there, unless its one cut (below) had already taken the process out for fail_timeout and the
      // restarted process was listening before that ended. From the refusal on, or else from the moment the
      // restarted process started, nothing on that port was cut: the drain answered every request it kept and the
      // restarted process cut none. Before that a connection can have been in the kernel's accept queue when the
      // listener closed, cut with its request (docs/decisions/087-the-restart-test-reads-what-nginx-met.md); nginx
      // sends such a request to the other process, as every request of this load may be sent again. The process that
      // stayed cut nothing at all.
      const upstream = (server: ServerProcess) => `upstream: "http://127.0.0.1:${portOf(server)}/`;
      const errors = proxy.errorLog().split('\n');
      const cut = (line: string) =>
        /\[error\]/.test(line) && !line.includes('connect() failed (111: Connection refused)');
      const refusedAt = errors.findIndex(
        (line) => line.includes(upstream(first)) && line.includes('(111: Connection refused)'),
      );
      const cleanFrom = refusedAt >= 0 ? Math.min(refusedAt, errorsBeforeRestart) : errorsBeforeRestart;
      expect(errors.slice(cleanFrom).filter((line) => line.includes(upstream(first)) && cut(line))).toEqual([]);
      expect(errors.filter((line) => line.includes(upstream(second)) && cut(line))).toEqual([]);
      const ended = [...endCalls].filter(([, status]) => status === 200).map(([key]) => key);
      expect(ended.length).toBe(endCalls.size);
      const rows = rowsOf<{ key: string; n: number }>(
        await database.db.execute(sql`
        select idempotency_key as key, count(*)::int as n from call_history
        where idempotency_key in ${[...endCalls.keys()]} group by idempotency_key`),
      );
      expect(rows.map((r) => r.key).sort()).toEqual(ended.sort());
      expect(rows.every((r) => r.n === 1)).toBe(true);
    }, 180_000);
  },
);
