/**
 * Pricing (decision 006): the pricing calls, and the server's quote the end-call sequence (decision 010) uses to price
 * a call with the same engine as the screen.
 */
export { registerPricingRoutes } from './routes.js';
export { quoteForCall, EDIT_NOT_ALLOWED, type CallQuote, type CallQuoteInput } from './quote.js';
export { loadPricing, type LoadedPricing } from './service.js';
export { MONTHLY_BILLING_APP_TYPE, MONTHLY_PAYMENT_ID } from './data.js';
