import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeocoder, startTileServer, type Geocoder, type TileServer } from './index.js';

let tiles: TileServer;
let geocoder: Geocoder;
beforeAll(async () => {
  tiles = await startTileServer();
  geocoder = await startGeocoder();
});
afterAll(async () => {
  await tiles.close();
  await geocoder.close();
});

describe('tile server', () => {
  it('answers a static map of the size asked for, and 400 without a size', async () => {
    const answer = await fetch(`${tiles.staticMapUrl}?size=525x375&maptype=hybrid&format=jpg&path=x`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await answer.arrayBuffer()));
    expect([png.width, png.height]).toEqual([525, 375]);
    expect(tiles.staticServed.at(-1)).toContain('size=525x375');
    expect((await fetch(`${tiles.staticMapUrl}?maptype=hybrid`)).status).toBe(400);
    // A PNG encoded per pixel: slow on a loaded machine.
  }, 30_000);

  it('answers a 256 px PNG per tile, the same bytes each time, different tiles differing', async () => {
    const get = (path: string) =>
      fetch(`${tiles.url}${path}`).then(async (r) => ({
        status: r.status,
        type: r.headers.get('content-type'),
        body: Buffer.from(await r.arrayBuffer()),
      }));
    const a = await get('/19/123456/198765.png');
    const again = await get('/19/123456/198765.png');
    const b = await get('/19/123457/198765');
    expect(a.status).toBe(200);
    expect(a.type).toBe('image/png');
    const png = PNG.sync.read(a.body);
    expect([png.width, png.height]).toEqual([256, 256]);
    // Greenish: green dominates red and blue in the average pixel.
    let r = 0;
    let g = 0;
    let bl = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      r += png.data[i]!;
      g += png.data[i + 1]!;
      bl += png.data[i + 2]!;
    }
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(bl);
    expect(again.body.equals(a.body)).toBe(true);
    expect(b.body.equals(a.body)).toBe(false);
    expect(tiles.served).toContain('19/123456/198765');
  });

  it('answers 503 while failing, and 404 off its paths', async () => {
    tiles.failing = true;
    expect((await fetch(`${tiles.url}/1/0/0.png`)).status).toBe(503);
    tiles.failing = false;
    expect((await fetch(`${tiles.url}/nope`)).status).toBe(404);
  });
});

describe('geocoder', () => {
  it('answers known addresses matching every word, in Nominatim form', async () => {
    const r = await fetch(
      `${geocoder.searchUrl}?q=${encodeURIComponent('4805 underwood omaha')}&format=json&addressdetails=1`,
    );
    const body = (await r.json()) as {
      lat: string;
      lon: string;
      display_name: string;
      address: Record<string, string>;
    }[];
    expect(body).toHaveLength(1);
    expect(body[0]!.address).toMatchObject({
      house_number: '4805',
      road: 'Underwood Avenue',
      city: 'Omaha',
      postcode: '68132',
    });
    expect(typeof body[0]!.lat).toBe('string');
    const none = await fetch(`${geocoder.searchUrl}?q=nowhere&format=json`).then((x) => x.json());
    expect(none).toEqual([]);
    expect(geocoder.queries).toContain('4805 underwood omaha');
  });

  it('answers 503 while failing', async () => {
    geocoder.failing = true;
    expect((await fetch(`${geocoder.searchUrl}?q=omaha&format=json`)).status).toBe(503);
    geocoder.failing = false;
  });
});
