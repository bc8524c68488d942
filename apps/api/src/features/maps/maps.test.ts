/**
 * MeasureIt's map plumbing over HTTP (decision 037): the configuration the drawing component reads, and the
 * address search against a real Nominatim-compatible server the test starts (@cc/test-peers).
 */
import { startGeocoder, type Geocoder } from '@cc/test-peers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { GEOCODER_UNAVAILABLE } from './geocoder.js';

let geocoder: Geocoder;
let t: TestApp;
let token: string;
const KEY = 'secret-key/with+signs=';

beforeAll(async () => {
  geocoder = await startGeocoder();
  t = await createTestApp({
    env: {
      GEOCODER_URL: geocoder.searchUrl,
      GEOCODER_TIMEOUT_MS: '300',
      MAP_TILE_URL: 'https://{s}.tiles.example.test/sat/{z}/{x}/{y}.jpg',
      MAP_TILE_SUBDOMAINS: 'a,b,c',
      MAP_TILE_MAX_ZOOM: '20',
      STATIC_MAP_URL: 'https://static.example.test/map',
      STATIC_MAP_KEY: KEY,
    },
  });
  token = await t.signin('measurer');
});
afterAll(async () => {
  await t?.close();
  await geocoder?.close();
});

const search = (q: string) =>
  t.call(token, { method: 'GET', url: `/api/MeasureIt/geocode?q=${encodeURIComponent(q)}` });

describe('GET /api/MeasureIt/mapConfig', () => {
  it('answers the imagery and the static map base, never the key (only its encoded length)', async () => {
    const response = await t.call(token, { method: 'GET', url: '/api/MeasureIt/mapConfig' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tileUrl: 'https://{s}.tiles.example.test/sat/{z}/{x}/{y}.jpg',
      tileSubdomains: ['a', 'b', 'c'],
      attribution: expect.stringContaining('Esri'),
      maxNativeZoom: 20,
      initialZoom: 20,
      staticMap: { baseUrl: 'https://static.example.test/map', keyLength: encodeURIComponent(KEY).length },
    });
    expect(response.body).not.toContain('secret');
  });

  it("lets the pages load the imagery's and the static map's origins, and no other", async () => {
    const response = await t.call(token, { method: 'GET', url: '/api/MeasureIt/mapConfig' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("img-src 'self' data: https://*.tiles.example.test https://static.example.test;");
    expect(policy).toContain("connect-src 'self';");
  });

  it('opens at zoom 19 when the imagery stops there', async () => {
    const shallow = await createTestApp({ env: { MAP_TILE_MAX_ZOOM: '19' }, database: t.database });
    try {
      const r = await shallow.call(await shallow.signin('measurer'), {
        method: 'GET',
        url: '/api/MeasureIt/mapConfig',
      });
      expect(r.json()).toMatchObject({ maxNativeZoom: 19, initialZoom: 19, staticMap: { keyLength: 0 } });
    } finally {
      await shallow.close();
    }
  });
});

describe('GET /api/MeasureIt/geocode', () => {
  it("answers the geocoder's matches as suggestions: street, city, state code, zip and position", async () => {
    const response = await search('4805 Underwood Omaha');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      suggestions: [
        {
          label: '4805, Underwood Avenue, Omaha, Nebraska, 68132, United States',
          lat: 41.26543,
          lng: -95.98432,
          street: '4805 Underwood Avenue',
          city: 'Omaha',
          state: 'NE',
          zip: '68132',
        },
      ],
    });
    // The server asked as Nominatim expects: the text as typed, JSON with the address broken down.
    expect(geocoder.queries.at(-1)).toBe('4805 Underwood Omaha');
  });

  it('answers an empty list when nothing matches, and several when several do', async () => {
    expect((await search('Nowhere Lane')).json()).toEqual({ suggestions: [] });
    const omaha = (await search('Omaha')).json<{ suggestions: { zip: string }[] }>();
    expect(omaha.suggestions.map((s) => s.zip).sort()).toEqual(['68124', '68132']);
  });

  it('refuses a query shorter than 3 characters with a 400 naming q, without asking the geocoder', async () => {
    const asked = geocoder.queries.length;
    for (const q of ['', 'ab', '   ']) {
      const response = await search(q);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { q: expect.any(String) } });
    }
    const missing = await t.call(token, { method: 'GET', url: '/api/MeasureIt/geocode' });
    expect(missing.statusCode).toBe(400);
    expect(geocoder.queries.length).toBe(asked);
  });

  it('answers 503 with a clear message when the geocoder fails, is too slow, or cannot be reached', async () => {
    geocoder.failing = true;
    try {
      const failed = await search('Omaha');
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ message: GEOCODER_UNAVAILABLE });
    } finally {
      geocoder.failing = false;
    }
    geocoder.delayMs = 1000;
    try {
      const started = Date.now();
      const slow = await search('Omaha');
      expect(slow.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(900);
    } finally {
      geocoder.delayMs = 0;
    }
    // The harness's default points at a port nothing listens on.
    const unreachable = await createTestApp({ database: t.database });
    try {
      const r = await unreachable.call(await unreachable.signin('measurer'), {
        method: 'GET',
        url: '/api/MeasureIt/geocode?q=Omaha',
      });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ message: GEOCODER_UNAVAILABLE });
    } finally {
      await unreachable.close();
    }
    // And the search works again once the geocoder does.
    expect((await search('Omaha')).statusCode).toBe(200);
  });

  it('is refused to an account without MeasureIt', async () => {
    const csr = await t.signin('csr.corporate');
    const response = await t.call(csr, { method: 'GET', url: '/api/MeasureIt/geocode?q=Omaha' });
    expect(response.statusCode).toBe(403);
  });
});
