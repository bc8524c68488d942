/**
 * Named prepared statements on a PostgreSQL server (docs/decisions/013-prepared-statements.md).
 *
 * The bench showed the server spending more time planning most statements than running them (the sign-in check:
 * 0.6 ms planning, 0.15 ms execution; a customer's price list: 1.5 ms and 0.5 ms). node-postgres sends every
 * statement unnamed, so PostgreSQL plans it again each time. Here every parameterised statement is given a name
 * derived from its text, so each connection parses it once and PostgreSQL may keep its plan (`plan_cache_mode`
 * auto: a generic plan is used only where it is no worse than planning with the values, so a prefix search still
 * gets a plan for its pattern). Statements without parameters (transaction control, migrations) are left as they
 * are. Prefix searches are written as ranges (`startsWith` in db/sql.ts), not `like 'abc%'`: PostgreSQL derives the
 * index range of such a LIKE from the value, so a generic plan could not use the text_pattern_ops index (the bench
 * measured the scoped surname search four times slower that way). A fragment (`'%abc%'`) uses a trigram index with
 * or without the value. A connection names at most {@link MAX_PER_CONNECTION} statements, so the server's memory stays bounded.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';

export const MAX_PER_CONNECTION = 300;

/**
 * What a statement starts with when it must be planned with its values every time (sent unnamed): a search whose
 * best plan depends on its values, where a plan made once for any value (a generic plan, which PostgreSQL may choose
 * after five runs) walked the wrong index — the call search's date ranges: 2–7 ms with the values, 5–100 ms
 * without (decision 047).
 */
export const PLAN_WITH_VALUES = '/* plan with values */';

/** The statement, marked to be planned with its values each time it runs (see {@link PLAN_WITH_VALUES}). */
export const plannedWithValues = (statement: SQL): SQL => sql`${sql.raw(PLAN_WITH_VALUES)} ${statement}`;
/**
 * What a statement starts with when one plan serves every value it may be given, so that planning it again for each
 * run is waste: it is sent, named as any other, on a connection that keeps the first plan it makes for a statement
 * (`plan_cache_mode = force_generic_plan`, see {@link routePlanOnce}). PostgreSQL's own choice (`auto`) keeps planning
 * such a statement with its values whenever its estimate of the one plan is above its estimate with the values, even
 * when both are the same plan: the address autocomplete of the all-customers scope spent more of the server's time
 * planning than running (0.13 of 0.18 ms, decision 053). Only for a statement whose plan cannot depend on its values.
 */
export const PLAN_ONCE = '/* plan once */';

/** The statement, marked to be planned once and the plan kept (see {@link PLAN_ONCE}). */
export const plannedOnce = (statement: SQL): SQL => sql`${sql.raw(PLAN_ONCE)} ${statement}`;

/** What each connection of the plan-once pool runs first (a statement, not a startup option: poolers refuse those). */
export const PLAN_ONCE_SETTING = 'set plan_cache_mode = force_generic_plan';

/**
 * The plan-once pool's `onConnect`: a new connection keeps its plans before any statement is given to it (the pool
 * waits for it; a failure ends the connection and fails the statement that asked for it).
 */
export async function keepPlans(client: pg.ClientBase): Promise<void> {
  await client.query(PLAN_ONCE_SETTING);
}

const planOncePools = new WeakMap<pg.Pool, pg.Pool>();

/** The plan-once pool beside a pool, if it has one (the metrics count both). */
export const planOncePoolOf = (pool: pg.Pool): pg.Pool | undefined => planOncePools.get(pool);

/**
 * Makes `once` the pool of `pool`'s {@link PLAN_ONCE} statements: `pool.query` sends the marked statements there, and
 * every other statement stays on `pool`. `once` must be opened with `onConnect: keepPlans` and name its statements
 * ({@link prepareStatements}). A statement inside a transaction runs on the transaction's own connection and is
 * planned as usual there.
 */
export function routePlanOnce(pool: pg.Pool, once: pg.Pool): void {
  planOncePools.set(pool, once);
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const planOnce = once.query.bind(once) as (...args: unknown[]) => unknown;
  const query = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    const text = typeof config === 'string' ? config : (config as QueryConfigLike | null)?.text;
    return typeof text === 'string' && text.startsWith(PLAN_ONCE)
      ? planOnce(config, values, callback)
      : original(config, values, callback);
  };
  pool.query = query as typeof pool.query;
}

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

/** Makes every new connection of the pool name its parameterised statements. */
export function prepareStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    const named = new Set<string>();
    const query = (config: unknown, values?: unknown, callback?: unknown): unknown => {
      if (config !== null && typeof config === 'object' && !('submit' in config)) {
        const c = config as QueryConfigLike;
        const params = values ?? c.values;
        if (
          typeof c.text === 'string' &&
          c.name === undefined &&
          Array.isArray(params) &&
          params.length > 0 &&
          !c.text.startsWith(PLAN_WITH_VALUES)
        ) {
          const name = statementName(c.text);
          if (named.has(name) || named.size < MAX_PER_CONNECTION) {
            named.add(name);
            return original({ ...c, name }, values, callback);
          }
        }
      }
      return original(config, values, callback);
    };
    client.query = query as typeof client.query;
  });
}
