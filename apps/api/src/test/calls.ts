/** Call test support shared by the features' tests: holding a customer's call, the customer's version. */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.js';
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
