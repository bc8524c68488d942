/**
 * The area and perimeter of measured shapes on the spec's sphere (radius 6367460 m, §9), for GeoJSON polygons
 * ([longitude, latitude] positions). Edges are great-circle arcs, as the map draws them at lawn scale.
 */
import { FEET_PER_METRE, MEASURE_EARTH_RADIUS_M, SQUARE_FEET_PER_ACRE } from './constants.js';

/** A GeoJSON position: [longitude, latitude] in degrees (any further ordinate is ignored). */
export type LngLat = readonly [number, number, ...number[]];
/** A closed or open ring; a closing position equal to the first is optional. */
export type Ring = readonly LngLat[];
export interface PolygonGeometry {
  type: 'Polygon';
  /** The outer ring, then the holes. */
  coordinates: readonly Ring[];
}
export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: readonly (readonly Ring[])[];
}
export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry;

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** The ring's positions without a repeated closing position. */
function openRing(ring: Ring): Ring {
  if (ring.length > 1) {
    const first = ring[0]!;
    const last = ring[ring.length - 1]!;
    if (first[0] === last[0] && first[1] === last[1]) return ring.slice(0, -1);
  }
  return ring;
}

/**
 * Signed area of a ring on a sphere of `radius`, in square metres: the sum, over the edges, of the triangle the
 * edge makes with the North Pole (the tan(lat/2) form of the spherical excess; Todhunter, Spherical Trigonometry,
 * §103). Counter-clockwise rings are positive.
 */
export function ringSignedArea(ring: Ring, radius = MEASURE_EARTH_RADIUS_M): number {
  const points = openRing(ring);
  if (points.length < 3) return 0;
  let total = 0;
  const last = points[points.length - 1]!;
  let prevTan = Math.tan((Math.PI / 2 - toRad(last[1])) / 2);
  let prevLng = toRad(last[0]);
  for (const point of points) {
    const tan = Math.tan((Math.PI / 2 - toRad(point[1])) / 2);
    const lng = toRad(point[0]);
    const t = tan * prevTan;
    const dLng = lng - prevLng;
    total += 2 * Math.atan2(t * Math.sin(dLng), 1 + t * Math.cos(dLng));
    prevTan = tan;
    prevLng = lng;
  }
  return total * radius * radius;
}

/** A polygon's area in square metres: its outer ring less its holes, whatever each ring's winding. */
export function polygonArea(rings: readonly Ring[], radius = MEASURE_EARTH_RADIUS_M): number {
  const [outer, ...holes] = rings;
  if (!outer) return 0;
  const area =
    Math.abs(ringSignedArea(outer, radius)) -
    holes.reduce((sum, hole) => sum + Math.abs(ringSignedArea(hole, radius)), 0);
  return Math.max(0, area);
}

/** The polygons of a geometry, one list of rings each. */
export function polygonsOf(geometry: AreaGeometry): readonly (readonly Ring[])[] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** Great-circle distance between two positions on the spec's sphere, in metres (haversine). */
export function distanceMetres(a: LngLat, b: LngLat, radius = MEASURE_EARTH_RADIUS_M): number {
  const dLat = toRad(b[1] - a[1]);
  const dLng = toRad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a[1])) * Math.cos(toRad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * radius * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A closed ring's length in metres. */
export function ringLength(ring: Ring, radius = MEASURE_EARTH_RADIUS_M): number {
  const points = openRing(ring);
  if (points.length < 2) return 0;
  let total = 0;
  for (let i = 0; i < points.length; i++) total += distanceMetres(points[i]!, points[(i + 1) % points.length]!, radius);
  return total;
}

export const squareMetresToSquareFeet = (m2: number) => m2 * FEET_PER_METRE * FEET_PER_METRE;
export const metresToFeet = (m: number) => m * FEET_PER_METRE;
export const squareFeetToAcres = (ft2: number) => ft2 / SQUARE_FEET_PER_ACRE;

export interface ShapeMeasure {
  /** The polygon's area, holes subtracted. */
  squareFeet: number;
  /** The outer ring's length plus each hole's: every edge a mower follows. */
  perimeterFeet: number;
}

export interface Measurement {
  shapes: ShapeMeasure[];
  squareFeet: number;
  acres: number;
  perimeterFeet: number;
}

/** Each shape's area and perimeter, and the totals, in the units the screen shows. */
export function measureGeometry(geometry: AreaGeometry): Measurement {
  const shapes = polygonsOf(geometry).map((rings) => ({
    squareFeet: squareMetresToSquareFeet(polygonArea(rings)),
    perimeterFeet: metresToFeet(rings.reduce((sum, ring) => sum + ringLength(ring), 0)),
  }));
  const squareFeet = shapes.reduce((sum, s) => sum + s.squareFeet, 0);
  return {
    shapes,
    squareFeet,
    acres: squareFeetToAcres(squareFeet),
    perimeterFeet: shapes.reduce((sum, s) => sum + s.perimeterFeet, 0),
  };
}
