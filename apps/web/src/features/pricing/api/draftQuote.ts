import type { QueryClient } from '@tanstack/react-query';
import type { Customer } from '@cc/contract';
import type { Quote } from '@cc/domain';
import { hasPicks, quoteOf, type PricingDraft } from '../model';
import { currentServiceYearQuery } from './currentServiceYear';
import { customerPricingQuery } from './customerPricing';

export interface DraftQuoteArgs {
  sqldbid: number;
  customerNo: number;
  /** Null while it loads: a draft with picks cannot be priced yet. */
  customer: Customer | null;
  draft: PricingDraft;
}

/**
 * The service year of the draft and its quote, for the end of the call: the price list the tab showed (from the
 * cache when the tab loaded it) priced with the same engine. No quote when nothing is picked.
 */
export async function loadDraftQuote(
  queryClient: QueryClient,
  { sqldbid, customerNo, customer, draft }: DraftQuoteArgs,
): Promise<{ serviceYear: number; quote: Quote | null }> {
  const serviceYear = draft.serviceYear ?? (await queryClient.fetchQuery(currentServiceYearQuery)).serviceYear;
  if (!hasPicks(draft)) return { serviceYear, quote: null };
  if (!customer) throw new Error('The customer is still loading; try again in a moment.');
  const data = await queryClient.fetchQuery(
    customerPricingQuery({
      sqldbid,
      customerNo: Math.max(customerNo, 0),
      zip: customer.zip,
      size: Math.max(0, customer.lawnSize),
      pricingYear: serviceYear,
    }),
  );
  return { serviceYear, quote: quoteOf(data, draft) };
}
