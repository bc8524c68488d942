/** What the call screen uses of pricing: the tab, and the draft it keeps for the end of the call. */
export { PricingTab, LAWN_SIZE_ALERT_TITLE, type PricingTabProps } from './components/PricingTab';
export { EMPTY_PRICING_DRAFT, type PricingDraft } from './model';
