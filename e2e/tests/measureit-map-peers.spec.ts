/**
 * The journeys' map peers (decision 037): every server the harness starts shows the local tile server's imagery
 * and searches the local Nominatim-compatible geocoder, over real HTTP, so no journey reaches a public service.
 * The drawing journeys themselves belong to the MeasureIt edit screen that mounts the map.
 */
import { expect, test } from './fixtures.js';
import { DEMO_PASSWORD } from './helpers.js';

test("a measurer's map settings point at the local tile server, and the address search at the local geocoder", async ({
  request,
}) => {
  const signin = await request.post('/api/auth/signin', { data: { username: 'measurer', password: DEMO_PASSWORD } });
  expect(signin.status()).toBe(200);
  const { token } = (await signin.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const config = await request.get('/api/MeasureIt/mapConfig', { headers });
  expect(config.status()).toBe(200);
  const body = (await config.json()) as { tileUrl: string; attribution: string; initialZoom: number };
  expect(body.tileUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\{z\}\/\{x\}\/\{y\}\.png$/);
  expect(body).toMatchObject({ attribution: 'Generated test imagery', initialZoom: 20 });
  // The pages may load that imagery.
  const origin = new URL(body.tileUrl.replace(/\{[zxy]\}/g, '0')).origin;
  expect(config.headers()['content-security-policy']).toContain(`img-src 'self' data: ${origin}`);
  const tile = await request.get(body.tileUrl.replace('{z}', '20').replace('{x}', '247000').replace('{y}', '388000'));
  expect(tile.status()).toBe(200);
  expect(tile.headers()['content-type']).toBe('image/png');

  const search = await request.get(`/api/MeasureIt/geocode?q=${encodeURIComponent('3620 Grand Des Moines')}`, {
    headers,
  });
  expect(search.status()).toBe(200);
  expect(await search.json()).toEqual({
    suggestions: [
      expect.objectContaining({ street: '3620 Grand Avenue', city: 'Des Moines', state: 'IA', zip: '50312' }),
    ],
  });
});
