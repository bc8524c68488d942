export * from './common.js';
export * from './auth.js';
export * from './profile.js';
export * from './dashboard.js';
export * from './routes.js';
export * from './inbound.js';
export * from './outbound.js';
export * from './current-call.js';
