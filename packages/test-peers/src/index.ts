export * from './tiles.js';
export * from './geocoder.js';
export * from './phone-system.js';
