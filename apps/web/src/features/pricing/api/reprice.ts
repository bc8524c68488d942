import type { QueryClient } from '@tanstack/react-query';
import type { Customer } from '@cc/contract';
import type { PricingDraft } from '../model';
import { currentServiceYearQuery } from './currentServiceYear';
import { customerPricingKey, customerPricingQuery } from './customerPricing';

export interface RepriceArgs {
  sqldbid: number;
  customerNo: number;
  customer: Pick<Customer, 'zip'>;
  /** The lawn size to price (thousands of square feet). */
  lawnSize: number;
  draft: PricingDraft;
}

/**
 * The price list of the customer read again from the server (the refresh of lawn size and pricing): every cached
 * list of the customer is marked stale, and the one for the draft's service year and `lawnSize` is fetched now, so
 * the tab shows it (and the end of the call prices with it).
 */
export async function repriceCustomer(
  queryClient: QueryClient,
  { sqldbid, customerNo, customer, lawnSize, draft }: RepriceArgs,
): Promise<void> {
  const pricingYear = draft.serviceYear ?? (await queryClient.fetchQuery(currentServiceYearQuery)).serviceYear;
  const args = { sqldbid, customerNo: Math.max(customerNo, 0), zip: customer.zip, size: Math.max(0, lawnSize) };
  await queryClient.invalidateQueries({ queryKey: customerPricingKey(args), refetchType: 'none' });
  await queryClient.fetchQuery({ ...customerPricingQuery({ ...args, pricingYear }), staleTime: 0 });
}
