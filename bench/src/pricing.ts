/** The pricing call's scenario: one statement reads everything a customer's price list needs. */
import { routes } from '@cc/contract';
import { pricingSnapshotQuery } from '../../apps/api/dist/features/pricing/data.js';
import type { Runner } from './database.js';
import type { Input, Scenario } from './scenarios.js';
import { ADMIN_SCOPE, records, statementsInput } from './scenario-support.js';

/**
 * POST /api/customer/pricing for customers of every franchise at their own lawn sizes: one statement reads the
 * customer (scoped), the franchise and its rates for the year, the price list at the lawn size, the offers and the
 * coupons.
 */
export async function pricingScenario(run: Runner): Promise<Scenario> {
  const year = new Date().getUTCFullYear();
  const rows = await records(
    run,
    `select distinct on (sqldbid) sqldbid, customer_no, zip, lawn_size::text as size, customer_type
     from customers where customer_no % 13 = 0 order by sqldbid, customer_no limit 8`,
  );
  const inputs = rows.map((r): Input => {
    const sqldbid = Number(r.sqldbid);
    const customerNo = Number(r.customer_no);
    const size = Number(r.size);
    const body = { sqldbid, customerNo, zip: /^\d{5}$/.test(r.zip ?? '') ? r.zip : '', size, pricingYear: year };
    return statementsInput({ body }, [pricingSnapshotQuery(ADMIN_SCOPE, sqldbid, customerNo, year, size)]);
  });
  return {
    name: 'pricing: customer price list',
    kind: 'pricing',
    user: 'admin',
    method: 'POST',
    path: routes.customerPricing.path,
    inputs,
  };
}
