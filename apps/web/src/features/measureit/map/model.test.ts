import { describe, expect, it } from 'vitest';
import { FEET_PER_METRE, MEASURE_EARTH_RADIUS_M, STATIC_MAP_URL_LIMIT } from '@cc/domain';
import { changeOf, checkStaticMap, formatAcres, formatSquareFeet, measure, toMultiPolygon } from './model';

/** A square of `feet` at a latitude, as Leaflet's toGeoJSON gives a drawn rectangle (closed, [lng, lat]). */
function squareGeoJson(feet: number, lat = 41.25, lng = -96.02) {
  const dLat = (feet / FEET_PER_METRE / MEASURE_EARTH_RADIUS_M) * (180 / Math.PI);
  const dLng = dLat / Math.cos((lat * Math.PI) / 180);
  const [s, n, w, e] = [lat - dLat / 2, lat + dLat / 2, lng - dLng / 2, lng + dLng / 2];
  return [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ];
}

describe('the drawn layers as one MultiPolygon', () => {
  it('gathers Polygons and the MultiPolygon a cut leaves, and measures with the domain sphere', () => {
    const outer = squareGeoJson(100);
    const bed = squareGeoJson(20);
    const other = squareGeoJson(50, 41.2503);
    const geometry = toMultiPolygon([
      { type: 'Polygon', coordinates: [outer, bed] },
      { type: 'MultiPolygon', coordinates: [[other]] },
      { type: 'LineString', coordinates: [] },
    ]);
    expect(geometry.coordinates).toHaveLength(2);
    const m = measure(geometry);
    expect(m.shapes.map((s) => Math.round(s.squareFeet))).toEqual([9_600, 2_500]);
    expect(formatSquareFeet(m.squareFeet)).toBe('12,100 sq ft');
    expect(formatAcres(m.acres)).toBe('0.28 acres');
  });

  it('closes open rings and leaves out a polygon of fewer than three corners', () => {
    const open = squareGeoJson(100).slice(0, 4);
    const geometry = toMultiPolygon([
      { type: 'Polygon', coordinates: [open] },
      { type: 'Polygon', coordinates: [open.slice(0, 2)] },
    ]);
    expect(geometry.coordinates).toHaveLength(1);
    expect(geometry.coordinates[0]![0]).toHaveLength(5);
  });
});

describe('the 2048 rule in the browser', () => {
  it("counts the key's length without knowing the key", () => {
    const geometry = toMultiPolygon([{ type: 'Polygon', coordinates: [squareGeoJson(100)] }]);
    const without = checkStaticMap(geometry, { baseUrl: 'https://s.test/map', keyLength: 0 });
    const withKey = checkStaticMap(geometry, { baseUrl: 'https://s.test/map', keyLength: 39 });
    if (!without.ok || !withKey.ok) throw new Error('expected URLs');
    expect(withKey.url.length - without.url.length).toBe('&key='.length + 39);
    // A key long enough pushes the same shapes over the limit.
    const over = checkStaticMap(geometry, { baseUrl: 'https://s.test/map', keyLength: STATIC_MAP_URL_LIMIT });
    expect(over.ok).toBe(false);
  });

  it("tells the screen the shape to simplify and where, or null when the image's URL fits", () => {
    const geometry = toMultiPolygon([{ type: 'Polygon', coordinates: [squareGeoJson(100)] }]);
    const fits = changeOf(geometry, { baseUrl: 'https://s.test/map', keyLength: 0 });
    expect(fits.tooLong).toBeNull();
    expect(Math.round(fits.measurement.squareFeet)).toBe(10_000);
    const over = changeOf(geometry, { baseUrl: 'https://s.test/map', keyLength: STATIC_MAP_URL_LIMIT });
    expect(over.tooLong).toEqual({ shapeIndex: 0, at: geometry.coordinates[0]![0]![0] });
  });
});
