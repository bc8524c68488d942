import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import {
  buildStaticMapUrl,
  MEASURE_POINT_COLOURS,
  pointColour,
  STATIC_MAP_URL_LIMIT,
  type LngLat,
  type Ring,
} from '../index.js';

const base = { baseUrl: 'https://maps.example.test/staticmap', key: 'k-123' };

/** A ring of n vertices on a circle of `metres` around a point in Dallas. */
function circle(n: number, metres = 30, lng = -96.8, lat = 32.78): Ring {
  const ring: LngLat[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI;
    ring.push([lng + (metres * Math.cos(a)) / 94_000, lat + (metres * Math.sin(a)) / 111_000]);
  }
  return ring;
}

function params(url: string) {
  return new URL(url).searchParams;
}

describe('static map URL', () => {
  it('has the common static-maps form: 525x375, hybrid, jpg, the key, one path per ring', () => {
    const lawn = circle(6);
    const bed = circle(4, 5);
    const result = buildStaticMapUrl(
      { type: 'MultiPolygon', coordinates: [[lawn, bed], [circle(5, 10, -96.801)]] },
      base,
    );
    if (!result.ok) throw new Error('expected a URL');
    expect(
      result.url.startsWith(
        'https://maps.example.test/staticmap?size=525x375&maptype=hybrid&format=jpg&key=k-123&path=',
      ),
    ).toBe(true);
    const paths = params(result.url).getAll('path');
    expect(paths).toHaveLength(3);
    expect(paths[0]).toMatch(/^color:0xE69F00FF\|weight:2\|fillcolor:0xE69F0040\|enc:/);
    expect(paths[1]).toMatch(/^color:0xE69F00FF\|weight:2\|enc:/);
    expect(paths[2]).toMatch(/^color:0x56B4E9FF\|weight:2\|fillcolor:0x56B4E940\|enc:/);
    // The encoded polyline decodes back to the ring, closed, as [lat, lng] to 5 decimals.
    const decoded = polyline.decode(paths[0]!.split('enc:')[1]!, 5);
    expect(decoded).toHaveLength(7);
    expect(decoded[0]).toEqual(decoded[6]);
    decoded.slice(0, 6).forEach(([lat, lng], i) => {
      expect(lat).toBeCloseTo(lawn[i]![1], 5);
      expect(lng).toBeCloseTo(lawn[i]![0], 5);
    });
  });

  it('keeps a base URL query string and leaves the key out when none is configured', () => {
    const result = buildStaticMapUrl(
      { type: 'Polygon', coordinates: [circle(4)] },
      { baseUrl: 'https://m.test/s?style=x' },
    );
    if (!result.ok) throw new Error('expected a URL');
    expect(result.url).toMatch(/^https:\/\/m\.test\/s\?style=x&size=525x375&/);
    expect(params(result.url).has('key')).toBe(false);
  });

  it('refuses 2048 characters or more, naming the longest shape and where to put the point error', () => {
    // Grow the second shape one vertex at a time until the URL reaches the limit: the last accepted URL is under
    // it, the first refused one is at or over it.
    const small = circle(4, 10, -96.7999);
    let n = 10;
    let last: string | undefined;
    for (; ; n++) {
      const result = buildStaticMapUrl({ type: 'MultiPolygon', coordinates: [[small], [circle(n)]] }, base);
      if (result.ok) {
        expect(result.url.length).toBeLessThan(STATIC_MAP_URL_LIMIT);
        last = result.url;
      } else {
        expect(result.length).toBeGreaterThanOrEqual(STATIC_MAP_URL_LIMIT);
        expect(result.shapeIndex).toBe(1);
        expect(result.at).toEqual(circle(n)[0]);
        break;
      }
    }
    expect(last).toBeDefined();
    expect(n).toBeGreaterThan(20);
  });
});

describe('point colours', () => {
  it('are nine distinct colours, shape n taking colour n mod 9', () => {
    expect(new Set(MEASURE_POINT_COLOURS).size).toBe(9);
    expect(pointColour(0)).toBe(MEASURE_POINT_COLOURS[0]);
    expect(pointColour(9)).toBe(MEASURE_POINT_COLOURS[0]);
    expect(pointColour(10)).toBe(MEASURE_POINT_COLOURS[1]);
  });
});
