/**
 * The screen pop's latency (decisions 074, 075): `BENCH_POP_AGENTS` (200) CSRs signed in, each with its pop stream open
 * as the browser opens it (a ticket, then the Server-Sent Events stream, until it says `ready`); then signed `answered`
 * events for them, posted to POST /api/telephony/events as a phone system posts them, `BENCH_POP_ROUNDS` (3) per agent,
 * round robin over the agents, at a steady `BENCH_POP_RATE` (20) a second — a floor of 200 agents answering a call
 * every ten seconds each, far busier than a real one. Each sample is the time from sending an event
 * to its pop (found by its callId) arriving on that agent's stream: p50, p95 and the worst (budget: p95 <= 300 ms).
 *
 * The agents are the bench's own accounts (bench.pop001 …, made like csr.cof, a CSR who takes inbound calls), added
 * once to the database; the callers' numbers are customers' home phones, so each event counts
 * the customers with that number as a real call does. PostgreSQL only: the accounts are written beside the server.
 */
import crypto from 'node:crypto';
import { routes } from '@cc/contract';
import { openPgRunner } from './database.js';
import { ms } from './report.js';
import { signIn } from './server.js';

export const POP_SCENARIO = 'screen pop: answered event to the agent’s stream (200 connected agents)';
/** The secret the bench's server and its phone system share (the server's TELEPHONY_SECRET). */
export const POP_TELEPHONY_SECRET = 'the-bench-phone-system-shared-secret';

export interface PopMeasure {
  agents: number;
  events: number;
  /** From sending each event to its pop on the agent's stream, in ms, sorted. */
  latencies: number[];
  /** The events' own answer time (the POST), in ms, sorted. */
  posts: number[];
  eventsPerSecond: number;
}

interface Stream {
  /** When each pop arrived, by callId. */
  pops: Map<string, number>;
  ready: Promise<void>;
  close(): void;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const popSummary = (m: PopMeasure, budgetMs: number): string =>
  `${m.agents} agents, ${m.events} events at ${m.eventsPerSecond.toFixed(0)}/s: pop p50 ${ms(percentile(m.latencies, 50))} ms, ` +
  `p95 ${ms(percentile(m.latencies, 95))} ms, worst ${ms(m.latencies.at(-1) ?? 0)} ms ` +
  `(budget p95 <= ${budgetMs} ms: ${percentile(m.latencies, 95) <= budgetMs ? 'ok' : 'MISSED'}); ` +
  `the event's POST p95 ${ms(percentile(m.posts, 95))} ms`;

export const popP95 = (m: PopMeasure) => percentile(m.latencies, 95);

/** The demo CSR the agents are made like: its role, applications, permissions and branches. */
const TEMPLATE = 'csr.cof';

/** The agents' accounts, made once, like the template. */
async function ensureAgents(databaseUrl: string, agents: number): Promise<{ usernames: string[]; phones: string[] }> {
  const run = await openPgRunner(databaseUrl);
  try {
    await run.query(
      `insert into users (username, first_name, last_name, email, password_hash, brand_id, company_id, role_id, sqldbid)
       select 'bench.pop' || lpad(g::text, 3, '0'), 'Pop', 'Agent ' || g, '', u.password_hash, u.brand_id, u.company_id,
              u.role_id, u.sqldbid
       from users u cross join generate_series(1, $1::int) g
       where u.username = '${TEMPLATE}'
       on conflict do nothing`,
      [agents],
    );
    // Their applications, permissions and branches: the template's.
    const copies: [string, string][] = [
      ['user_applications', 'application_id'],
      ['user_permissions', 'application_id, permission_id, value'],
      ['user_branches', 'branchno'],
    ];
    for (const [table, columns] of copies) {
      await run.query(
        `insert into ${table} (user_id, ${columns})
         select a.user_id, ${columns.replace(/(\w+)/g, 't.$1')}
         from users a cross join ${table} t join users u on u.user_id = t.user_id and u.username = '${TEMPLATE}'
         where a.username like 'bench.pop%'
         on conflict do nothing`,
        [],
      );
    }
    const { rows } = await run.query(
      `select home_phone as phone from customers where home_phone <> '' order by customer_id limit $1`,
      [Math.max(agents, 50)],
    );
    return {
      usernames: Array.from({ length: agents }, (_, i) => `bench.pop${String(i + 1).padStart(3, '0')}`),
      phones: rows.map((r) => String(r.phone)),
    };
  } finally {
    await run.close();
  }
}

/** One agent's pop stream as the browser opens it: a ticket by POST, then the stream, read frame by frame. */
async function openStream(url: string, token: string): Promise<Stream> {
  const ticketAnswer = await fetch(url + routes.popStreamTicket.path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!ticketAnswer.ok) throw new Error(`pop stream ticket: ${ticketAnswer.status} ${await ticketAnswer.text()}`);
  const { ticket } = (await ticketAnswer.json()) as { ticket: string };
  const abort = new AbortController();
  const response = await fetch(`${url}${routes.popStream.path}?ticket=${ticket}`, { signal: abort.signal });
  if (!response.ok || !response.body) throw new Error(`pop stream: ${response.status}`);
  const pops = new Map<string, number>();
  let isReady = () => {};
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.startsWith('event: ready')) isReady();
          if (frame.startsWith('event: pop')) {
            const at = performance.now();
            const data = frame.slice(frame.indexOf('data: ') + 6);
            pops.set((JSON.parse(data) as { callId: string }).callId, at);
          }
        }
      }
    } catch {
      // aborted at the end of the run
    }
  })();
  return { pops, ready, close: () => abort.abort() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sign an event as the phone system does: HMAC-SHA256 of `<Unix seconds>.<body>` with the shared secret. */
function signed(secret: string, body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return {
    'content-type': 'application/json',
    'x-telephony-timestamp': timestamp,
    'x-telephony-signature': `sha256=${signature}`,
  };
}

export async function measurePops(options: {
  url: string;
  databaseUrl: string;
  secret: string;
  agents: number;
  rounds: number;
  /** Events per second, sent at a steady pace. */
  ratePerSecond: number;
}): Promise<PopMeasure> {
  const { url } = options;
  const { usernames, phones } = await ensureAgents(options.databaseUrl, options.agents);
  const streams: Stream[] = [];
  try {
    // Signing in hashes a password: a few at a time, as a floor's CSRs arrive.
    const tokens: string[] = [];
    for (let i = 0; i < usernames.length; i += 8) {
      tokens.push(...(await Promise.all(usernames.slice(i, i + 8).map((u) => signIn(url, u)))));
    }
    for (const token of tokens) streams.push(await openStream(url, token));
    await Promise.race([
      Promise.all(streams.map((s) => s.ready)),
      sleep(30_000).then(() => {
        throw new Error('pop: not every stream said ready within 30 s');
      }),
    ]);

    // Open loop, at a steady rate: each event leaves at its time whether or not the ones before were answered, so a
    // slow answer shows as latency rather than as fewer events.
    const total = usernames.length * options.rounds;
    const samples: { agent: number; callId: string; sent: number }[] = [];
    const posts: number[] = [];
    const started = performance.now();
    const send = async (n: number) => {
      const agent = n % usernames.length;
      const callId = `bench-pop-${crypto.randomUUID()}`;
      const body = JSON.stringify({
        type: 'answered',
        callId,
        ani: phones[n % phones.length] ?? '4025550100',
        dnis: '8005550100',
        agent: usernames[agent],
        time: new Date().toISOString(),
      });
      const sent = performance.now();
      const response = await fetch(url + routes.telephonyEvents.path, {
        method: 'POST',
        headers: signed(options.secret, body),
        body,
      });
      posts.push(performance.now() - sent);
      const answer = await response.text();
      if (!response.ok) throw new Error(`pop: the event was answered ${response.status} ${answer}`);
      samples.push({ agent, callId, sent });
    };
    const sending: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / options.ratePerSecond;
      if (due > performance.now()) await sleep(due - performance.now());
      sending.push(send(n));
    }
    await Promise.all(sending);
    const elapsed = (performance.now() - started) / 1000;
    const deadline = performance.now() + 10_000;
    while (!samples.every((s) => streams[s.agent]!.pops.has(s.callId))) {
      if (performance.now() > deadline) throw new Error('pop: not every pop arrived within 10 s of its event');
      await sleep(10);
    }
    return {
      agents: usernames.length,
      events: samples.length,
      latencies: samples.map((s) => streams[s.agent]!.pops.get(s.callId)! - s.sent).sort((a, b) => a - b),
      posts: posts.sort((a, b) => a - b),
      eventsPerSecond: samples.length / elapsed,
    };
  } finally {
    for (const stream of streams) stream.close();
  }
}
