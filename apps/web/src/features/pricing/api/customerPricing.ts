import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingRequest } from '@cc/contract';
import { api } from '../../../lib/api';
import { pricingKey } from './keys';

export interface PricingArgs {
  sqldbid: number;
  customerNo: number;
  zip: string;
  size: number;
  pricingYear: number;
}

/** A zip the call may send: 5 digits, zip+4 or N/A; anything else (a half-typed one) is left out. */
export function pricingZip(zip: string): string {
  const z = zip.trim();
  return /^(\d{5}(-?\d{4})?|N\/A)$/i.test(z) ? z : '';
}

/** POST /api/customer/pricing: the franchise's price list for the customer, the year and the lawn size. */
export const customerPricing = (args: PricingArgs, signal?: AbortSignal) => {
  const body: PricingRequest = { ...args, zip: pricingZip(args.zip) };
  return api('customerPricing', { body, signal });
};

export const customerPricingKey = (args: Pick<PricingArgs, 'sqldbid' | 'customerNo'>) =>
  [...pricingKey, 'customer', args.sqldbid, args.customerNo] as const;

export const customerPricingQuery = (args: PricingArgs) =>
  queryOptions({
    queryKey: [...customerPricingKey(args), args.size, args.pricingYear, pricingZip(args.zip)],
    queryFn: ({ signal }) => customerPricing(args, signal),
    staleTime: 5 * 60_000,
    // A new lawn size keeps the old prices on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useCustomerPricing = (args: PricingArgs | null) =>
  useQuery({
    ...customerPricingQuery(args ?? { sqldbid: 0, customerNo: 0, zip: '', size: 0, pricingYear: 0 }),
    enabled: args !== null,
  });
