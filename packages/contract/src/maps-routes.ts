/**
 * Route-table rows of MeasureIt's map plumbing (spread into `routes` in routes.ts; decision 037). Both need the
 * MeasureIt rule, like the screens that use them.
 */
import { ACCESS } from '@cc/domain';
import { GeocodeQuery, GeocodeResponse, MapConfig } from './maps.js';

export const mapsRoutes = {
  measureItMapConfig: {
    method: 'GET',
    path: '/api/MeasureIt/mapConfig',
    access: ACCESS.measureIt,
    response: MapConfig,
  },
  /** Up to 5 suggestions; 503 when the geocoder cannot be reached or fails. */
  measureItGeocode: {
    method: 'GET',
    path: '/api/MeasureIt/geocode',
    access: ACCESS.measureIt,
    query: GeocodeQuery,
    response: GeocodeResponse,
  },
} as const;
