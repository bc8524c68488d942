export * from './tiles.js';
export * from './geocoder.js';
