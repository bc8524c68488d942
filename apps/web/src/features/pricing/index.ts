/** What the call screen uses of pricing: the tab, the draft it keeps, and the draft's quote for the end of the call. */
import { lazyPart } from '../../components/lazy-part';
import type { PricingTabProps } from './components/PricingTab';

/**
 * The tab, loaded when the call first opens it (it mounts on its first visit and stays): its sections, dialogs and
 * the price lists' screens are not in the call screen's first download
 * (docs/decisions/095-initial-javascript-per-route.md).
 */
export const PricingTab = lazyPart<PricingTabProps>(() => import('./components/PricingTab').then((m) => m.PricingTab));
export type { PricingTabProps };
export { EMPTY_PRICING_DRAFT, hasPicks, quoteOf, type PricingDraft } from './model';
export { loadDraftQuote, type DraftQuoteArgs } from './api/draftQuote';
export { repriceCustomer, type RepriceArgs } from './api/reprice';
