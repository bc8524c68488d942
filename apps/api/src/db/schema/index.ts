export * from './access.js';
export * from './auth.js';
export * from './customers.js';
export * from './outbound.js';
export * from './calls.js';
export * from './pricing.js';
export * from './end-call.js';
export * from './demo-data.js';
