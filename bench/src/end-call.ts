/** The end-call scenario: a whole five-line sale per request, each call opened first on its connection. */
import { routes, type QuoteResponse } from '@cc/contract';
import { SERVICE } from '../../apps/api/dist/db/seed/index.js';
import type { Runner } from './database.js';
import type { Input, Scenario } from './scenarios.js';
import { franchiseAccount, noStatements, records, spread } from './scenario-support.js';

/**
 * The five order lines of the end-call scenario: the Preferred Program, three additional services on three
 * gl_accounts (so none blocks another), and the pest program, whose monthly line is an order item while its initial
 * payment (service 45) is not.
 */
const FIVE_LINES = {
  lawn: SERVICE.Preferred,
  pest: SERVICE.Pest,
  additional: [SERVICE.Grub, SERVICE.CoreAeration, SERVICE.Lime],
};

/**
 * POST /api/call-center/end-call: csr.franchise ends an inbound call with a sale of five order lines and the SAVE20
 * coupon, for customers of its branches spread over the table, priced for next year's season (every round still to
 * come, whatever the date). Each request carries a new idempotency key, so each is a whole end-call transaction:
 * pricing again on the server, call history, services, the order with its five lines, source, autopay, the coupon
 * discount, the call history update, the lock's release and the confirmation email queued in the outbox. Only the
 * CSR holding a call ends it, so each end is preceded on its connection by opening the call (call-active, not
 * timed); two customers a connection, each held by one connection only.
 */
export async function endCallScenario(run: Runner, connections: number): Promise<Scenario> {
  const account = franchiseAccount();
  const serviceYear = new Date().getUTCFullYear() + 1;
  const branches = account.branches.map((b) => `'${b}'`).join(', ');
  const customers = await records(
    run,
    `select sqldbid, customer_no, lawn_size::text as size ${spread(
      `branchno in (${branches}) and customer_no > 0`,
      Math.max(8, 2 * connections),
    )}`,
  );
  const itemIds = new Map<number, Map<number, number>>();
  for (const sqldbid of new Set(customers.map((c) => Number(c.sqldbid)))) {
    // The price list the API uses for the year: that year's, or the latest before it.
    const { rows } = await run.query(
      `select service_def_id, id from price_list_items where sqldbid = $1 and service_year =
         (select max(service_year) from price_list_items where sqldbid = $1 and service_year <= $2)`,
      [sqldbid, serviceYear],
    );
    itemIds.set(sqldbid, new Map(rows.map((r) => [Number(r.service_def_id), Number(r.id)])));
  }
  const inputs = customers.map((c): Input => {
    const sqldbid = Number(c.sqldbid);
    const id = (serviceDefId: number) => {
      const found = itemIds.get(sqldbid)?.get(serviceDefId);
      if (found === undefined) throw new Error(`end call: franchise ${sqldbid} sells no service ${serviceDefId}`);
      return found;
    };
    return {
      body: {
        // Replaced by a new key in every request (newKeyPerRequest).
        idempotencyKey: '00000000-0000-4000-8000-000000000000',
        sqldbid,
        customerNo: Number(c.customer_no),
        callType: 'Inbound',
        result: 'Sale',
        notes: 'Benchmark: a five-line sale.',
        pricing: {
          serviceYear,
          selections: {
            lawnProgramId: id(FIVE_LINES.lawn),
            pestProgramId: id(FIVE_LINES.pest),
            additionalServiceIds: FIVE_LINES.additional.map(id),
            couponCode: 'SAVE20',
          },
        },
      },
      execute: noStatements,
    };
  });
  return {
    name: `end call: five-line sale (${connections} connections)`,
    kind: 'end_call',
    user: account.username,
    method: 'POST',
    path: routes.endCall.path,
    inputs,
    connections,
    newKeyPerRequest: true,
    noDirectSql: true,
    before: {
      path: routes.callActive.path,
      body: (input) => ({ sqldbid: input.sqldbid, customerNo: input.customerNo, callType: input.callType }),
    },
    // The server's quote of each input (at the customer's own lawn size, as the end call prices it) must have five
    // order lines and the coupon applied.
    async check(api) {
      const totals: number[] = [];
      for (const [i, input] of inputs.entries()) {
        const body = input.body as { sqldbid: number; customerNo: number; pricing: object };
        const quote = (await api(routes.customerQuote.path, {
          sqldbid: body.sqldbid,
          customerNo: body.customerNo,
          size: Number(customers[i]?.size ?? 0),
          ...body.pricing,
        })) as QuoteResponse;
        const lines = quote.lines.filter((l) => l.orderItem).length;
        if (lines !== 5 || !quote.states.coupon?.applied) {
          throw new Error(
            `end call: customer ${body.sqldbid}/${body.customerNo} quotes ${lines} order lines` +
              ` (coupon ${quote.states.coupon?.applied ? 'applied' : 'not applied'}): ` +
              JSON.stringify(quote.problems),
          );
        }
        totals.push(quote.totals.saleTotal);
      }
      const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      return `${inputs.length} customers, 5 order lines each, sale totals ${money(Math.min(...totals))}–${money(Math.max(...totals))}`;
    },
  };
}
