/** What the call screen uses of pricing: the tab, the draft it keeps, and the draft's quote for the end of the call. */
export { PricingTab, LAWN_SIZE_ALERT_TITLE, type PricingTabProps } from './components/PricingTab';
export { EMPTY_PRICING_DRAFT, hasPicks, quoteOf, type PricingDraft } from './model';
export { loadDraftQuote, type DraftQuoteArgs } from './api/draftQuote';
export { repriceCustomer, type RepriceArgs } from './api/reprice';
