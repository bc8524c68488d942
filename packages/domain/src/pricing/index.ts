/** The pricing engine (docs/pricing.md): money helpers, calendar rules, the model and {@link quote}. */
export * from './money.js';
export * from './calendar.js';
export * from './types.js';
export * from './quote.js';
export * from './screen.js';
export * from './spec-names.js';
