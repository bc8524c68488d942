/**
 * The names of the ids a page of the audit log holds (docs/decisions/100-audit-log-names.md): collected from the rows'
 * before and after by the contract's named fields, and read in one statement over the reference tables, whatever the
 * page's size. An id whose record is gone has no name, and the screen shows the id alone.
 */
import { sql } from 'drizzle-orm';
import { AUDIT_NAME_KINDS, auditIdsOf, type AuditNameKind, type AuditNames } from '@cc/contract';
import { rowsOf, type DbOrTx } from '../../db/client.js';

const noNames = (): AuditNames => Object.fromEntries(AUDIT_NAME_KINDS.map((kind) => [kind, {}])) as AuditNames;

export async function auditNames(db: DbOrTx, values: readonly unknown[]): Promise<AuditNames> {
  const ids = auditIdsOf(values);
  const names = noNames();
  if (AUDIT_NAME_KINDS.every((kind) => ids[kind].length === 0)) return names;
  // One parameter, the ids by kind; a numeric key is taken only when it is one, so a stray text compares nothing.
  const numbers = (kind: AuditNameKind) =>
    sql.raw(`(select x::int from jsonb_array_elements_text(p.ids -> '${kind}') x where x ~ '^[0-9]{1,9}$')`);
  const rows = rowsOf<{ kind: AuditNameKind; id: string; name: string }>(
    await db.execute(sql`
      with p as (select ${JSON.stringify(ids)}::jsonb as ids)
      select 'role' as kind, r.role_id::text as id, r.description as name
        from roles r, p where r.role_id in ${numbers('role')}
      union all select 'company', c.company_id::text, c.description
        from companies c, p where c.company_id in ${numbers('company')}
      union all select 'brand', b.brand_id::text, b.brand_name
        from brands b, p where b.brand_id in ${numbers('brand')}
      union all select 'application', a.application_id::text, a.name
        from applications a, p where a.application_id in ${numbers('application')}
      union all select 'permission', pe.permission_id::text, pe.name
        from permissions pe, p where pe.permission_id in ${numbers('permission')}
      union all select 'user', u.user_id::text, u.username
        from users u, p where u.user_id in ${numbers('user')}
      union all select 'branch', f.branchno, f.compname
        from franchises f, p where f.branchno in (select jsonb_array_elements_text(p.ids -> 'branch'))
      union all select * from (
        select distinct on (f.sqldbid) 'franchise', f.sqldbid::text, f.compname
        from franchises f, p where f.sqldbid in ${numbers('franchise')}
        order by f.sqldbid, f.def_comp desc, f.branchno) franchise`),
  );
  for (const row of rows) names[row.kind][row.id] = row.name;
  return names;
}
