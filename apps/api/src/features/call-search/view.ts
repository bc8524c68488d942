/**
 * GET /api/call-search/calls/:outboundId: a call found in Call Search, to look at (decision 066). The call is found
 * under the search's own conditions (scope, not deleted, and without CallSearch.AllAgents only the caller's calls),
 * so a call the search would not list is 404. Reads only: no lock is taken, the call is not marked active, and
 * nothing of it or its customer changes.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { CALL_VIEW_HISTORY_LIMIT, type CallSearchRow, type CallViewResponse } from '@cc/contract';
import { formatPhone } from '@cc/domain';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { callTime } from '../../db/sql.js';
import { callHistory, customers, outboundCalls as o } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { FROM, ROW_COLUMNS } from './grid.js';
import { userConditions } from './user.js';

export async function viewCall(ctx: AppContext, user: AuthUser, outboundId: number): Promise<CallViewResponse> {
  const [call] = rowsOf<CallSearchRow>(
    await ctx.db.execute(sql`
      select ${ROW_COLUMNS} from ${FROM}
      where ${o.outboundId} = ${outboundId} and ${sql.join(userConditions(user), sql` and `)}`),
  );
  if (!call) throw notFound('Call not found.');

  const custNo = call.cust_No !== null && call.cust_No > 0 ? call.cust_No : null;
  const [customer] =
    custNo === null
      ? []
      : await ctx.db
          .select()
          .from(customers)
          .where(
            and(
              eq(customers.sqldbid, call.SQLDBID),
              eq(customers.customerNo, custNo),
              inScope(user.scope, customers.branchNo),
            ),
          );

  // The customer's calls, newest first (call_history_customer_idx); a call without a customer on record has none.
  const history = !customer
    ? []
    : await ctx.db
        .select({
          call_id: callHistory.callId,
          call_start: sql<string | null>`${callTime(callHistory.callStart)}`,
          csagent: callHistory.csagent,
          call_type: callHistory.callType,
          call_result: callHistory.callResult,
          call_target: sql<string | null>`${callTime(callHistory.callTarget)}`,
          csr_notes: callHistory.csrNotes,
          outbound_id: callHistory.outboundId,
        })
        .from(callHistory)
        .where(and(eq(callHistory.sqldbid, call.SQLDBID), eq(callHistory.custNo, customer.customerNo)))
        .orderBy(desc(callHistory.callStart), desc(callHistory.callId))
        .limit(CALL_VIEW_HISTORY_LIMIT);

  return {
    call,
    customer: customer
      ? {
          customerNo: customer.customerNo,
          customerType: customer.customerType,
          status: customer.status,
          firstName: customer.firstName,
          lastName: customer.lastName,
          address: customer.address,
          city: customer.city,
          state: customer.state,
          zip: customer.zip,
          email: customer.email,
          homePhone: formatPhone(customer.homePhone),
          workPhone: formatPhone(customer.workPhone),
          cellPhone: formatPhone(customer.cellPhone),
        }
      : null,
    history,
  };
}
