/**
 * The area against an independent library (GeographicLib): on 1,000 random lawn-sized polygons across the lower
 * 48 states (latitudes 24.5° to 49°), GeographicLib on a sphere of the spec's radius reproduces our value to
 * 0.01 %, and the spec's sphere stays within 0.5 % of WGS84 (the ellipsoid the imagery is drawn on).
 */
import fc from 'fast-check';
import geodesic from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { MEASURE_EARTH_RADIUS_M, polygonArea, ringLength, type LngLat } from '../index.js';

const sphere = new geodesic.Geodesic.Geodesic(MEASURE_EARTH_RADIUS_M, 0);
const wgs84 = geodesic.Geodesic.WGS84;

function geographicLib(g: typeof wgs84, ring: readonly LngLat[]) {
  const polygon = g.Polygon(false);
  for (const [lng, lat] of ring) polygon.AddPoint(lat, lng);
  const result = polygon.Compute(false, true);
  return { area: Math.abs(result.area ?? NaN), perimeter: result.perimeter };
}

/** A star-shaped (so simple) polygon of 3 to 16 vertices, 3 to 80 m from its centre: a front or back lawn. */
const lawn = fc
  .record({
    lat: fc.double({ min: 24.5, max: 49, noNaN: true }),
    lng: fc.double({ min: -124, max: -67, noNaN: true }),
    spokes: fc.array(
      fc.record({
        turn: fc.double({ min: 0.2, max: 1, noNaN: true }),
        metres: fc.double({ min: 3, max: 80, noNaN: true }),
      }),
      {
        minLength: 3,
        maxLength: 16,
      },
    ),
  })
  .map(({ lat, lng, spokes }) => {
    const total = spokes.reduce((sum, s) => sum + s.turn, 0);
    let angle = 0;
    return spokes.map(({ turn, metres }): LngLat => {
      angle += (turn / total) * 2 * Math.PI;
      const north = (metres * Math.sin(angle)) / MEASURE_EARTH_RADIUS_M;
      const east = (metres * Math.cos(angle)) / (MEASURE_EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180));
      return [lng + (east * 180) / Math.PI, lat + (north * 180) / Math.PI];
    });
  });

describe('area against GeographicLib', () => {
  it('reproduces the sphere to 0.01 % and stays within 0.5 % of WGS84 on 1,000 random lawns', () => {
    let worstSphere = 0;
    let worstWgs84 = 0;
    fc.assert(
      fc.property(lawn, (ring) => {
        const ours = polygonArea([ring]);
        const onSphere = geographicLib(sphere, ring);
        const onWgs84 = geographicLib(wgs84, ring);
        const sphereDiff = Math.abs(ours - onSphere.area) / onSphere.area;
        const wgs84Diff = Math.abs(ours - onWgs84.area) / onWgs84.area;
        worstSphere = Math.max(worstSphere, sphereDiff);
        worstWgs84 = Math.max(worstWgs84, wgs84Diff);
        expect(sphereDiff).toBeLessThan(1e-4);
        expect(wgs84Diff).toBeLessThan(5e-3);
        expect(Math.abs(ringLength(ring) - onSphere.perimeter) / onSphere.perimeter).toBeLessThan(1e-4);
      }),
      { numRuns: 1000, seed: 18 },
    );
    // The suite measures something: the sphere and WGS84 do differ (by a few tenths of a percent in these latitudes).
    expect(worstWgs84).toBeGreaterThan(1e-3);
    expect(worstSphere).toBeLessThan(1e-6);
  });
});
