/**
 * The drawing component's pure side (decision 037): the drawn layers' rings as one GeoJSON MultiPolygon, measured
 * with the domain's sphere (never Leaflet's own area), and the static image's 2048 rule checked in the browser with
 * a stand-in key of the configured key's length.
 */
import type { MapConfig } from '@cc/contract';
import {
  buildStaticMapUrl,
  measureGeometry,
  type LngLat,
  type Measurement,
  type MultiPolygonGeometry,
  type StaticMapResult,
} from '@cc/domain';

/** A polygon as Leaflet's GeoJSON gives it: rings of [lng, lat], the first the outline, the rest holes. */
export type PolygonRings = LngLat[][];

/** GeoJSON geometries a drawn layer may turn into (a cut can split a polygon in two). */
export type DrawnGeometry =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] }
  | { type: string; coordinates?: unknown };

const closed = (ring: LngLat[]): LngLat[] => {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
};

const ringOf = (ring: number[][]): LngLat[] => closed(ring.map((p) => [p[0] ?? 0, p[1] ?? 0] as LngLat));

/** Every polygon of the drawn layers, rings closed; a ring of fewer than three corners is left out. */
export function toMultiPolygon(geometries: readonly DrawnGeometry[]): MultiPolygonGeometry {
  const polygons: LngLat[][][] = [];
  const add = (rings: number[][][]) => {
    const kept = rings.map(ringOf).filter((r) => r.length >= 4);
    if (kept.length > 0 && (rings[0]?.length ?? 0) >= 3) polygons.push(kept);
  };
  for (const g of geometries) {
    if (g.type === 'Polygon') add(g.coordinates as number[][][]);
    else if (g.type === 'MultiPolygon') for (const p of g.coordinates as number[][][][]) add(p);
  }
  return { type: 'MultiPolygon', coordinates: polygons };
}

export function measure(geometry: MultiPolygonGeometry): Measurement {
  return measureGeometry(geometry);
}

/** What the map tells its screen after each change of the shapes. */
export interface MeasureMapChange {
  geometry: MultiPolygonGeometry;
  measurement: Measurement;
  /** null when the image URL fits; else the shape to simplify (its index) — the map shows the point error there. */
  tooLong: { shapeIndex: number; at: readonly [number, number] } | null;
}

/** The shapes measured and checked against the saved image's 2048 rule. */
export function changeOf(geometry: MultiPolygonGeometry, staticMap: MapConfig['staticMap']): MeasureMapChange {
  const check = checkStaticMap(geometry, staticMap);
  return {
    geometry,
    measurement: measure(geometry),
    tooLong: check.ok ? null : { shapeIndex: check.shapeIndex, at: check.at },
  };
}

/** The saved image URL's 2048 rule as the server will apply it: the same function, a key of the same length. */
export function checkStaticMap(geometry: MultiPolygonGeometry, config: MapConfig['staticMap']): StaticMapResult {
  return buildStaticMapUrl(geometry, { baseUrl: config.baseUrl, key: 'k'.repeat(config.keyLength) });
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const acres = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatSquareFeet = (ft2: number) => `${whole.format(Math.round(ft2))} sq ft`;
export const formatAcres = (a: number) => `${acres.format(a)} acres`;
export const formatFeet = (ft: number) => `${whole.format(Math.round(ft))} ft`;
