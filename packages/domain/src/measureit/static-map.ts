/**
 * The saved measurement's image URL in the common static-maps form (§7, §9): 525x375, hybrid, jpg, each ring of
 * each shape as a `path` of an encoded polyline, from a configured base URL and key. A URL of 2048 characters or
 * more is refused with the shape to simplify, so the screen can put its point error on that shape.
 */
import polyline from '@mapbox/polyline';
import { polygonsOf, type AreaGeometry, type Ring } from './area.js';
import {
  STATIC_MAP_FORMAT,
  STATIC_MAP_HEIGHT,
  STATIC_MAP_TYPE,
  STATIC_MAP_URL_LIMIT,
  STATIC_MAP_WIDTH,
  pointColour,
} from './constants.js';

export interface StaticMapSource {
  /** The provider's endpoint, e.g. https://maps.example/api/staticmap (a query string of its own is kept). */
  baseUrl: string;
  /** The provider's key; left out of the URL when empty. */
  key?: string;
}

export type StaticMapResult =
  | { ok: true; url: string }
  | {
      ok: false;
      /** The URL's length, at least STATIC_MAP_URL_LIMIT. */
      length: number;
      /** The shape (polygon index) whose paths are longest: simplifying it gains the most. */
      shapeIndex: number;
      /** Where the point error goes: that shape's first vertex, [lng, lat]. */
      at: readonly [number, number];
    };

const hex = (colour: string) => colour.replace('#', '').toUpperCase();

/** A ring as a closed line of [lat, lng] pairs, as the polyline encoding takes them. */
function latLngLine(ring: Ring): [number, number][] {
  const line = ring.map((p): [number, number] => [p[1], p[0]]);
  const first = line[0];
  const last = line[line.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) line.push([first[0], first[1]]);
  return line;
}

/** One `path=` parameter per ring: the outer ring filled in the shape's point colour, holes outlined only. */
function shapePaths(rings: readonly Ring[], shapeIndex: number): string[] {
  const colour = hex(pointColour(shapeIndex));
  return rings.map((ring, i) => {
    const style = i === 0 ? `color:0x${colour}FF|weight:2|fillcolor:0x${colour}40` : `color:0x${colour}FF|weight:2`;
    return `path=${encodeURIComponent(`${style}|enc:${polyline.encode(latLngLine(ring), 5)}`)}`;
  });
}

export function buildStaticMapUrl(geometry: AreaGeometry, source: StaticMapSource): StaticMapResult {
  const params = [
    `size=${STATIC_MAP_WIDTH}x${STATIC_MAP_HEIGHT}`,
    `maptype=${STATIC_MAP_TYPE}`,
    `format=${STATIC_MAP_FORMAT}`,
  ];
  if (source.key) params.push(`key=${encodeURIComponent(source.key)}`);
  const shapes = polygonsOf(geometry).map((rings, i) => shapePaths(rings, i));
  const separator = source.baseUrl.includes('?') ? '&' : '?';
  const url = `${source.baseUrl}${separator}${[...params, ...shapes.flat()].join('&')}`;
  if (url.length < STATIC_MAP_URL_LIMIT) return { ok: true, url };
  let shapeIndex = 0;
  let longest = -1;
  shapes.forEach((paths, i) => {
    const size = paths.reduce((sum, p) => sum + p.length + 1, 0);
    if (size > longest) {
      longest = size;
      shapeIndex = i;
    }
  });
  const first = polygonsOf(geometry)[shapeIndex]?.[0]?.[0];
  return { ok: false, length: url.length, shapeIndex, at: first ? [first[0], first[1]] : [0, 0] };
}
