export * from './constants.js';
export * from './area.js';
export * from './static-map.js';
