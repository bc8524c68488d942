export * from './access.js';
export * from './auth.js';
