/** Call test support shared by the features' tests: holding a customer's call, the customer's version. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import type { TestApp } from './harness.js';

/**
 * Hold a customer's call as the token's user, as the call screen does when it opens (a lock another user has is
 * dropped first, as if they had left the call).
 */
export async function holdCall(
  t: TestApp,
  token: string,
  customer: { sqldbid: number; customerNo: number },
  callType = 'Inbound',
  outboundId?: number,
): Promise<void> {
  await t.db.execute(
    sql`delete from call_locks where sqldbid = ${customer.sqldbid} and customer_no = ${customer.customerNo}`,
  );
  const response = await t.call(token, {
    method: 'POST',
    url: '/api/call-center/call-active',
    payload: { ...customer, callType, ...(outboundId === undefined ? {} : { outboundId }) },
  });
  if (response.statusCode !== 200) throw new Error(`call-active: ${response.statusCode} ${response.body}`);
}

/** The stored customer's version (what an edit sends back). */
export async function customerVersion(t: TestApp, customer: { sqldbid: number; customerNo: number }) {
  const [row] = rowsOf<{ version: number }>(
    await t.db.execute(
      sql`select version from customers where sqldbid = ${customer.sqldbid} and customer_no = ${customer.customerNo}`,
    ),
  );
  if (!row) throw new Error(`no customer ${customer.sqldbid}/${customer.customerNo}`);
  return row.version;
}

/**
 * Insert a minimal call history record straight into the database: a call another test ended, or with `open` a call
 * still going (no call_end yet) of the CSR `csuserId`, whose history that CSR may still write while holding the call.
 */
export async function insertCall(
  db: Db,
  values: {
    sqldbid: number;
    custNo: number;
    branchNo: string;
    callResult?: string;
    callType?: string;
    csuserId?: number;
    open?: boolean;
  },
): Promise<number> {
  const rows = rowsOf<{ call_id: number }>(
    await db.execute(sql`
      insert into call_history (sqldbid, cust_no, branchno, call_direction, call_result, call_type, call_start, call_end,
        csuser_id)
      values (${values.sqldbid}, ${values.custNo}, ${values.branchNo}, 'Incoming', ${values.callResult ?? 'Sale'},
              ${values.callType ?? 'Inbound'}, now(), ${values.open ? null : sql`now()`}, ${values.csuserId ?? null})
      returning call_id`),
  );
  const id = rows[0]?.call_id;
  if (id === undefined) throw new Error('no call');
  return id;
}
