import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Scope } from '@cc/domain';
import { inScope } from '../http/scope.js';
import type { DbOrTx } from './client.js';
import { franchises } from './schema/index.js';

/**
 * A franchise (sqldbid) has several branches; where one branch must speak for it (its name, designation, time
 * zone, the branch an order or a lead goes to) that is its main branch: the default company branch (def_comp),
 * else the lowest branch number. Every such query orders by this and takes the first row.
 */
export const mainBranchFirst: [SQL, SQL] = [desc(franchises.defComp), asc(franchises.branchNo)];

/** `mainBranchFirst` for a raw SQL ORDER BY. */
export const mainBranchFirstSql: SQL = sql.join(mainBranchFirst, sql`, `);

/** The franchise's branches, those in the user's scope when a scope is given. */
export function franchiseBranches(sqldbid: number, scope?: Scope): SQL {
  const own = eq(franchises.sqldbid, sqldbid);
  return scope ? (and(own, inScope(scope, franchises.branchNo)) as SQL) : own;
}

/**
 * The branch, when it is in the user's scope (and active, when asked): one reading of "may this user act on this
 * branch" for every service that takes a branch number. A branch outside the scope is answered as a missing one.
 */
export async function branchInScope(
  db: DbOrTx,
  scope: Scope,
  branchNo: string,
  options: { active?: boolean } = {},
): Promise<{ branchNo: string; sqldbid: number } | undefined> {
  const [row] = await db
    .select({ branchNo: franchises.branchNo, sqldbid: franchises.sqldbid })
    .from(franchises)
    .where(
      and(
        eq(franchises.branchNo, branchNo),
        inScope(scope, franchises.branchNo),
        options.active ? eq(franchises.active, true) : undefined,
      ),
    );
  return row;
}
