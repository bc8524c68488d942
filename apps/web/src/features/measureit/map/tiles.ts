/**
 * The satellite imagery of MeasureIt's configuration (GET /api/MeasureIt/mapConfig), shared by the editor's map and
 * the search's map of results (decisions 037, 044): one query, one reading of the configuration as a tile layer's
 * options. No Leaflet here (types only), so the feature's index can offer it without downloading Leaflet.
 */
import { useQuery } from '@tanstack/react-query';
import type { TileLayerOptions } from 'leaflet';
import type { RouteResponse } from '@cc/contract';
import { api } from '../../../lib/api';

export type MapConfig = RouteResponse<'measureItMapConfig'>;

export const useMapConfig = () =>
  useQuery({
    queryKey: ['measureItMapConfig'],
    queryFn: () => api('measureItMapConfig'),
    staleTime: Infinity,
  });

/** `L.tileLayer(cfg.tileUrl, tileLayerOptions(cfg, maxZoom))`: the imagery, scaled up past its native zoom. */
export function tileLayerOptions(cfg: MapConfig, maxZoom: number): TileLayerOptions {
  return {
    subdomains: cfg.tileSubdomains.length > 0 ? cfg.tileSubdomains : 'abc',
    attribution: cfg.attribution,
    maxNativeZoom: cfg.maxNativeZoom,
    maxZoom,
    zIndex: 1,
  };
}
