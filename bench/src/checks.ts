/** The checks around a scenario's load: EXPLAIN of its statements, and one request per input before the load. */
import { randomUUID } from 'node:crypto';
import { planSetting } from '../../apps/api/dist/db/prepared.js';
import type { Runner } from './database.js';
import type { Query, Scenario } from './scenarios.js';

/** An input as the log shows it: its body, or its path when it has none (a GET). */
export const inputLabel = (scenario: Scenario, i: number) => {
  const input = scenario.inputs[i];
  return input?.body === null && input.path ? decodeURIComponent(input.path) : JSON.stringify(input?.body);
};

/** Scenarios whose every statement must be planned with an index and no Seq Scan of customers or outbound_calls. */
export const indexed = (scenario: Scenario) =>
  scenario.kind === 'search' ||
  scenario.kind === 'autocomplete' ||
  scenario.kind === 'call_search' ||
  scenario.kind === 'measureit_search' ||
  scenario.kind === 'measureit_large_page' ||
  scenario.kind === 'report';

/**
 * Scenarios whose statements must take their order from the index they scan: a Sort would read every row of the
 * prefix first (the autocomplete's first keystroke: a tenth of all addresses) before its limit applies.
 */
export const ordered = (scenario: Scenario) => scenario.kind === 'autocomplete';

/** A value as an SQL literal, for EXPLAIN EXECUTE (text, numbers, null and arrays of them, as the bench's inputs). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `array[${value.map(literal).join(', ')}]`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The plan the API runs: a statement planned once (decisions 053, 091) is run on a connection that keeps its one plan for
 * any value, so that plan is the one shown (prepared there and explained under `force_generic_plan`); any other
 * statement is explained with its values.
 */
async function explainRows(run: Runner, statement: Query): Promise<Record<string, unknown>[]> {
  if (statement.plan !== 'once') return (await run.query(`explain ${statement.sql}`, statement.params)).rows;
  await run.query(planSetting('once'), []);
  try {
    await run.query(`prepare bench_plan_once as ${statement.sql}`, []);
    // EXECUTE takes no bound parameters: the values are written as literals (the plan is the same for any).
    return (await run.query(`explain execute bench_plan_once(${statement.params.map(literal).join(', ')})`, [])).rows;
  } finally {
    await run.query(`deallocate bench_plan_once`, []).catch(() => undefined);
    await run.query(`reset plan_cache_mode`, []);
  }
}

/** EXPLAIN every statement of every search input; print the first input's plans; fail on a Seq Scan. */
export async function explain(
  run: Runner,
  scenario: Scenario,
  statements: Query[][],
  /** Discourage sequential scans: a small database may rightly plan one; the check is whether an index can serve. */
  small = false,
): Promise<string[]> {
  const problems: string[] = [];
  if (small) await run.query(`set enable_seqscan = off`, []);
  let printed = false;
  for (const [i, list] of statements.entries()) {
    for (const statement of list) {
      const rows = await explainRows(run, statement);
      const plan = rows.map((r) => String(r['QUERY PLAN']));
      const text = plan.join('\n');
      const usesIndex = /Index Scan|Index Only Scan|Bitmap Index Scan/.test(text);
      const seqScan =
        /Seq Scan on (customers|outbound_calls|measured_properties|call_history|agent_state_history)\b/.test(text);
      const fail = (what: string) => {
        problems.push(`${scenario.name}: input ${inputLabel(scenario, i)} ${what}`);
        console.log(plan.map((l) => `      ${l}`).join('\n'));
      };
      if (indexed(scenario) && (!usesIndex || seqScan)) fail('is planned without an index');
      if (ordered(scenario) && /\bSort\b/.test(text)) fail('sorts its rows instead of reading them in index order');
      if (!printed || (i === 0 && list.length > 1)) {
        // The count statements answer one column named total; the rows statement has a count(*) of its own
        // (`matched`), so looking for count(*) labelled every rows plan as a count.
        const what =
          /\bas total\b/i.test(statement.sql) || /^select count\(\*\)/i.test(statement.sql) ? 'count' : 'rows';
        console.log(`    EXPLAIN (${what}) ${inputLabel(scenario, i)}`);
        // The top node and every scan with its index condition: enough to see which index answers.
        const shown = plan.filter((l, n) => n === 0 || /Scan|Index Cond/.test(l)).slice(0, 10);
        console.log(shown.map((l) => `      ${l}`).join('\n'));
      }
    }
    printed = true;
  }
  if (small) await run.query(`reset enable_seqscan`, []);
  const total = statements.reduce((n, l) => n + l.length, 0);
  if (indexed(scenario) && problems.length === 0) console.log(`    index used by all ${total} statements`);
  return problems;
}

/** POST a JSON body to the API and answer the parsed answer (a scenario's check before the load). */
export async function postJson(url: string, token: string | null, route: string, body: unknown): Promise<unknown> {
  const response = await fetch(url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${route}: ${JSON.stringify(body)} answered ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** One request per input before the load, to check the answers and show what the inputs return. */
export async function preflight(url: string, token: string | null, scenario: Scenario): Promise<string> {
  const outcomes: string[] = [];
  for (const input of scenario.inputs) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (scenario.before && input.body !== null) {
      await postJson(url, token, scenario.before.path, scenario.before.body(input.body));
    }
    const sent =
      input.body !== null && scenario.newKeyPerRequest ? { ...input.body, idempotencyKey: randomUUID() } : input.body;
    const response = await fetch(url + (input.path ?? scenario.path), {
      method: scenario.method,
      ...(sent === null
        ? { headers }
        : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(sent) }),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${scenario.name}: ${JSON.stringify(input.body)} answered ${response.status} ${text}`);
    const body = JSON.parse(text) as {
      rows?: unknown[];
      total?: number;
      overLimit?: boolean;
      suggestions?: unknown[];
      isValid?: boolean;
      data?: unknown[];
      orderStatus?: string | null;
      repeated?: boolean;
      value?: unknown[];
      '@odata.count'?: number;
    };
    if (Array.isArray(body)) {
      outcomes.push(String((body as { count?: number }[]).reduce((n, c) => n + (c.count ?? 0), 0)));
      continue;
    }
    if (body.value && body['@odata.count'] !== undefined) {
      outcomes.push(`${body.value.length}/${body['@odata.count']}`);
      continue;
    }
    if (body.data && body.total !== undefined) {
      outcomes.push(`${body.data.length}/${body.total}`);
      continue;
    }
    if (body.overLimit) outcomes.push(`>${body.total}`);
    // A search answers a page of its matches: rows of the page / matches.
    else if (body.rows && body.total !== undefined) outcomes.push(`${body.rows.length}/${body.total}`);
    else if (body.rows) outcomes.push(String(body.rows.length));
    else if (body.suggestions) outcomes.push(String(body.suggestions.length));
    else if (body.isValid !== undefined) outcomes.push(body.isValid ? 'valid' : 'invalid');
    else if (body.orderStatus !== undefined) {
      if (body.repeated) throw new Error(`${scenario.name}: a new idempotency key answered as a repeat`);
      outcomes.push(body.orderStatus ?? 'no order');
    } else outcomes.push('ok');
  }
  return outcomes.join(' ');
}
