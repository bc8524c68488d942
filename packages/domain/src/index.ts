export * from './constants.js';
export * from './access.js';
export * from './validation.js';
export * from './brand.js';
export * from './address.js';
export * from './calls.js';
export * from './scripts.js';
export * from './pricing/index.js';
