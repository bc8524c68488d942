/**
 * The domain's rule of who is a CSR (`isCsr`: holds Inbound or Outbound Calls, not the administrator, not held to
 * MeasureIt alone) as SQL, for statements that count people at work.
 */
import { sql, type SQL } from 'drizzle-orm';
import { CSR_APPLICATIONS, NOT_CSR_ROLES } from '@cc/domain';

const list = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}::int`),
    sql`, `,
  );

/** True when the user of this id (a column or value) is a CSR. */
export function isCsrUser(userId: SQL): SQL {
  return sql`exists (select 1 from users cu
    where cu.user_id = ${userId} and cu.role_id not in (${list(NOT_CSR_ROLES)}) and not cu.measure_it_tool_only
      and exists (select 1 from user_applications ca
        where ca.user_id = cu.user_id and ca.application_id in (${list(CSR_APPLICATIONS)})))`;
}
