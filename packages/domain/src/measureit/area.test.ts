import { describe, expect, it } from 'vitest';
import {
  FEET_PER_METRE,
  MEASURE_EARTH_RADIUS_M,
  measureGeometry,
  polygonArea,
  ringLength,
  type LngLat,
  type Ring,
} from '../index.js';

/**
 * Hand-computed shapes: positions laid out in feet east and north of a point, converted with the spec's sphere
 * (a foot north is 1 / (R · 3.2808399) radians of latitude; a foot east, that over cos(latitude)). The plan is
 * flat: across 100 ft its east scale drifts by about 1e-6, so shapes other than the centred square are checked to
 * ±0.05 ft² (a wrong radius or conversion would be off by whole square feet).
 */
function feetPlan(lat: number, lng: number) {
  const degPerFootNorth = 180 / Math.PI / (MEASURE_EARTH_RADIUS_M * FEET_PER_METRE);
  const degPerFootEast = degPerFootNorth / Math.cos((lat * Math.PI) / 180);
  return (points: [number, number][]): Ring =>
    points.map(([east, north]): LngLat => [lng + east * degPerFootEast, lat + north * degPerFootNorth]);
}

const square = (size: number, x = 0, y = 0): [number, number][] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

const sqft = (rings: Ring[]) => measureGeometry({ type: 'Polygon', coordinates: rings }).squareFeet;

describe('area on the spec sphere, hand-computed shapes', () => {
  // A 100 ft square centred on its latitude: exactly R²·Δλ·2·cos φ·sin(Δφ/2) = 10,000 ft² less a term of order
  // Δφ²/24 (about 1e-12): 10,000 ft² to well within a hundredth of a square foot.
  it.each([30, 40, 48])('a 100 ft × 100 ft square at %i° latitude is 10,000 ft²', (lat) => {
    const plan = feetPlan(lat, -97.5);
    const ring = plan(square(100, -50, -50));
    expect(sqft([ring])).toBeCloseTo(10_000, 2);
    expect(measureGeometry({ type: 'Polygon', coordinates: [ring] }).perimeterFeet).toBeCloseTo(400, 2);
  });

  it('a right triangle of 100 ft legs is 5,000 ft², whichever way it winds', () => {
    const plan = feetPlan(35, -90);
    const ccw = plan([
      [0, 0],
      [100, 0],
      [0, 100],
    ]);
    expect(sqft([ccw])).toBeCloseTo(5_000, 1);
    expect(sqft([[...ccw].reverse()])).toBeCloseTo(5_000, 1);
    expect(ringLength(ccw) * FEET_PER_METRE).toBeCloseTo(200 + 100 * Math.SQRT2, 2);
  });

  it('an L shape (a 100 ft square less a 50 ft corner) is 7,500 ft²', () => {
    const plan = feetPlan(42, -71);
    const ring = plan([
      [0, 0],
      [100, 0],
      [100, 50],
      [50, 50],
      [50, 100],
      [0, 100],
    ]);
    expect(sqft([ring])).toBeCloseTo(7_500, 1);
  });

  it('a hole is subtracted: a 100 ft square with a 20 ft bed is 9,600 ft², and the bed edge counts in the perimeter', () => {
    const plan = feetPlan(33, -84);
    const rings = [plan(square(100)), [...plan(square(20, 40, 40))].reverse()];
    const m = measureGeometry({ type: 'Polygon', coordinates: rings });
    expect(m.squareFeet).toBeCloseTo(9_600, 1);
    expect(m.perimeterFeet).toBeCloseTo(480, 2);
    // The same hole wound the same way as the outer ring is still a hole.
    expect(sqft([plan(square(100)), plan(square(20, 40, 40))])).toBeCloseTo(9_600, 1);
  });

  it('a multipolygon adds its shapes, each with its own size; acres at 43,560 ft²', () => {
    const plan = feetPlan(30, -95);
    const m = measureGeometry({
      type: 'MultiPolygon',
      coordinates: [[plan(square(100))], [plan(square(100, 300, 0)), plan(square(50, 325, 25))]],
    });
    expect(m.shapes.map((s) => Math.round(s.squareFeet))).toEqual([10_000, 7_500]);
    expect(m.squareFeet).toBeCloseTo(17_500, 1);
    expect(m.acres).toBe(m.squareFeet / 43_560);
  });

  it('an open ring (no closing position) measures the same as the closed one', () => {
    const plan = feetPlan(45, -93);
    const closed = plan(square(100));
    expect(polygonArea([closed.slice(0, -1)])).toBeCloseTo(polygonArea([closed]), 9);
  });

  it('degenerate input measures 0, never negative', () => {
    const plan = feetPlan(45, -93);
    expect(sqft([])).toBe(0);
    expect(
      sqft([
        plan([
          [0, 0],
          [10, 0],
        ]),
      ]),
    ).toBe(0);
    // A "hole" larger than its shape cannot make the area negative.
    expect(sqft([plan(square(10)), plan(square(20))])).toBe(0);
  });
});
