/**
 * What the scenario builders share: statements compiled by the API's own query code without a connection, the
 * admin's scope, the demo franchise account, and reading inputs from the loaded data.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Scope } from '@cc/domain';
import { DEMO_ACCOUNTS } from '../../apps/api/dist/db/seed/index.js';
import type { Plan } from '../../apps/api/dist/db/prepared.js';
import type { Runner } from './database.js';
import type { Input, Query } from './scenarios.js';

const dialect = new PgDialect();
export const compile = (statement: SQL): Query => dialect.sqlToQuery(statement);

export const ADMIN_SCOPE: Scope = { kind: 'all' };

export function franchiseAccount() {
  const account = DEMO_ACCOUNTS.find((a) => a.username === 'csr.franchise');
  if (!account) throw new Error('demo account csr.franchise is missing');
  return account;
}

export async function column(run: Runner, text: string): Promise<string[]> {
  const { rows } = await run.query(text, []);
  return rows.map((r) => String(Object.values(r)[0]));
}

export async function records(run: Runner, text: string): Promise<Record<string, string>[]> {
  const { rows } = await run.query(text, []);
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));
}

/** A spread of n customers over the whole table (deterministic: the data come from a fixed seed). */
export const spread = (filter: string, n = 8) =>
  `from customers where ${filter} order by customer_no % 7919, customer_no limit ${n}`;

export const noStatements = () => Promise.resolve([]);

/** What a request sends: its path when it differs from the scenario's (a GET with its own query), and its body. */
export interface InputRequest {
  path?: string;
  body?: Record<string, unknown>;
}

/** Runs the statements of one request the way the API does (in parallel on its pool; here in turn). */
export function queriesInput(request: InputRequest, queries: Query[]): Input {
  return {
    body: request.body ?? null,
    ...(request.path === undefined ? {} : { path: request.path }),
    async execute(run) {
      for (const q of queries) await run.query(q.sql, q.params, q.plan ?? 'auto');
      return queries;
    },
  };
}

/** queriesInput of statements built by the API's query code, with the plan the API runs them with. */
export const statementsInput = (request: InputRequest, statements: (SQL | null)[], plan?: Plan): Input =>
  queriesInput(
    request,
    statements.flatMap((s) => (s ? [{ ...compile(s), ...(plan ? { plan } : {}) }] : [])),
  );
