/**
 * Named prepared statements and plan choices on a PostgreSQL server (docs/decisions/013-prepared-statements.md,
 * docs/decisions/091-speed-through-supported-mechanisms.md).
 *
 * The bench showed the server spending more time planning most statements than running them (the sign-in check:
 * 0.6 ms planning, 0.15 ms execution; a customer's price list: 1.5 ms and 0.5 ms). node-postgres sends a statement
 * unnamed unless its query config carries a `name`, so PostgreSQL plans it again each time. The pools here are given
 * a client class ({@link NamingClient}, through pg-pool's documented `Client` option) that puts a name derived from
 * the text in the config of every parameterised statement, so each connection parses it once and PostgreSQL may keep
 * its plan. Statements without parameters (transaction control, migrations) are left as they are. Prefix searches
 * are written as ranges (`startsWith` in db/sql.ts), not `like 'abc%'`: PostgreSQL derives the index range of such
 * a LIKE from the value, so a generic plan could not use the text_pattern_ops index. A connection names at most
 * {@link MAX_PER_CONNECTION} statements, so the server's memory stays bounded.
 *
 * How a statement is planned is chosen by the caller, by the database handle it runs the statement on
 * ({@link planned}), and each handle's connections carry the PostgreSQL setting that makes the choice
 * (`plan_cache_mode`): nothing is read from the statement's text.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import type { Db } from './client.js';

export const MAX_PER_CONNECTION = 300;

/**
 * How a statement is planned:
 * - `auto`: PostgreSQL's own choice (`plan_cache_mode = auto`): planned with its values for the first five runs,
 *   then a generic plan is kept where its estimate is no worse.
 * - `once`: one plan serves every value, so planning it again for each run is waste (`force_generic_plan`). The
 *   address autocomplete of the all-customers scope spent more of the server's time planning than running (0.13 of
 *   0.18 ms, decision 053). Only for a statement whose plan cannot depend on its values.
 * - `with-values`: a search whose best plan depends on its values, where a plan made once for any value walked the
 *   wrong index (`force_custom_plan`) — the call search's date ranges: 2–7 ms with the values, 5–100 ms without
 *   (decision 047).
 */
export type Plan = 'auto' | 'once' | 'with-values';

/** The `plan_cache_mode` of each plan's connections. */
export const PLAN_CACHE_MODE: Record<Plan, string> = {
  auto: 'auto',
  once: 'force_generic_plan',
  'with-values': 'force_custom_plan',
};

/**
 * What each connection of a plan's pool runs first: a statement rather than a startup option (`options: '-c …'`),
 * since connection poolers in front of PostgreSQL refuse startup options they do not know.
 */
export const planSetting = (plan: Plan): string => `set plan_cache_mode = ${PLAN_CACHE_MODE[plan]}`;

/**
 * A plan pool's `onConnect` (pg-pool waits for its promise before handing the connection out; a failure ends the
 * connection and fails the statement that asked for it).
 */
export const keepPlanSetting =
  (plan: Plan) =>
  async (client: pg.ClientBase): Promise<void> => {
    await client.query(planSetting(plan));
  };

const MAX_NAMES = 5_000;

const names = new Map<string, string>();
/** A statement's name: the same for the same text in every process. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = 'cc_' + crypto.createHash('sha1').update(text).digest('base64url').slice(0, 24);
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * A node-postgres client that sends every parameterised statement as a named one (the query config's `name`, the
 * driver's own way to prepare a statement once per connection). It is a subclass of the driver's public `Client`,
 * given to the pool through its documented `Client` option; `query` is extended only to add the name, and is typed
 * against the driver's own signature, so an upgrade that changes it fails the build rather than the server.
 */
export class NamingClient extends pg.Client {
  private readonly named = new Set<string>();

  // The driver's `query` has many overloads; this one signature accepts them all and hands each on unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-explicit-any
    return super.query(this.withName(config, values) as any, values, callback);
  }

  private withName(config: unknown, values: unknown): unknown {
    if (config === null || typeof config !== 'object' || 'submit' in config) return config;
    const c = config as QueryConfigLike;
    const params = values ?? c.values;
    if (typeof c.text !== 'string' || c.name !== undefined || !Array.isArray(params) || params.length === 0) {
      return config;
    }
    const name = statementName(c.text);
    if (!this.named.has(name) && this.named.size >= MAX_PER_CONNECTION) return config;
    this.named.add(name);
    return { ...c, name };
  }
}

const plannedHandles = new WeakMap<Db, Record<Plan, Db>>();
const plannedPools = new WeakMap<pg.Pool, pg.Pool[]>();

/** Records the database handles of each plan beside the main handle `db` (openPostgres). */
export function registerPlans(db: Db, handles: Record<Plan, Db>, pool: pg.Pool, pools: pg.Pool[]): void {
  plannedHandles.set(db, handles);
  plannedPools.set(pool, pools);
}

/**
 * The handle to run a statement on so that it is planned as `plan` says. The embedded database, a transaction and a
 * handle opened without prepared statements plan as usual: the statement runs on `db` itself.
 */
export const planned = (db: Db, plan: Plan): Db => plannedHandles.get(db)?.[plan] ?? db;

/** Every pool of a database's connections, the plan pools included (the metrics count them all). */
export const poolsOf = (pool: pg.Pool): pg.Pool[] => plannedPools.get(pool) ?? [pool];
