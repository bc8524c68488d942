/** GetActiveFranchises and GetFranchiseFlagCodes (administration.md §7): what an import by franchise chooses from. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';

/**
 * One row per active franchise in the user's scope, by its main branch, with its branches in scope (main first):
 * what an import by franchise and Franchise Maintenance choose from.
 */
export async function activeFranchises(db: DbOrTx, user: AuthUser) {
  return rowsOf<{
    branchno: string;
    sqldbid: number;
    comp_id: number;
    compname: string;
    def_comp: boolean;
    designation: string;
    branches: string[];
  }>(
    await db.execute(sql`
      select distinct on (f.sqldbid) f.branchno, f.sqldbid, f.comp_id, f.compname, f.def_comp, f.designation,
        (select json_agg(b.branchno order by b.def_comp desc, b.branchno) from franchises b
          where b.sqldbid = f.sqldbid and b.active and ${inScope(user.scope, sql`b.branchno`)}) as branches
      from franchises f
      where f.active and ${inScope(user.scope, sql`f.branchno`)}
      order by f.sqldbid, f.def_comp desc, f.branchno`),
  ).sort((a, b) => a.compname.localeCompare(b.compname) || a.sqldbid - b.sqldbid);
}

/** The franchise's flag codes with how many customers carry each; a franchise outside the scope is not found. */
export async function franchiseFlagCodes(db: Db, user: AuthUser, sqldbid: number) {
  const [found] = rowsOf<{ n: number }>(
    await db.execute(sql`select 1 as n from franchises f
      where f.sqldbid = ${sqldbid} and f.active and ${inScope(user.scope, sql`f.branchno`)} limit 1`),
  );
  if (!found) throw notFound('Franchise not found.');
  return rowsOf<{ flagCode: string; description: string; customers: number }>(
    await db.execute(sql`
      select fc.flag_code as "flagCode", fc.description,
        (select count(*)::int from customer_flag_codes cf where cf.sqldbid = fc.sqldbid and cf.flag_code = fc.flag_code)
          as customers
      from franchise_flag_codes fc where fc.sqldbid = ${sqldbid} order by fc.flag_code`),
  );
}
