import type { FastifyInstance } from 'fastify';
import type { MapConfig } from '@cc/contract';
import { MEASURE_ZOOM_MAX, MEASURE_ZOOM_MIN } from '@cc/domain';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { geocode } from './geocoder.js';

/** What the drawing component needs of the configuration; the static map's key stays here (decision 037). */
export function mapConfigOf(maps: AppContext['config']['maps']): MapConfig {
  return {
    tileUrl: maps.tileUrl,
    tileSubdomains: maps.tileSubdomains,
    attribution: maps.tileAttribution,
    maxNativeZoom: maps.tileMaxZoom,
    initialZoom: maps.tileMaxZoom >= MEASURE_ZOOM_MAX ? MEASURE_ZOOM_MAX : MEASURE_ZOOM_MIN,
    staticMap: {
      baseUrl: maps.staticMapUrl,
      keyLength: maps.staticMapKey ? encodeURIComponent(maps.staticMapKey).length : 0,
    },
  };
}

/** MeasureIt's map plumbing (decision 037). */
export function registerMapsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = mapConfigOf(ctx.config.maps);
  defineRoute(app, ctx, 'measureItMapConfig', () => Promise.resolve(config));
  defineRoute(app, ctx, 'measureItGeocode', async ({ query }) => ({
    suggestions: await geocode(ctx.config.maps, query.q),
  }));
}
