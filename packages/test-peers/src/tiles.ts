/**
 * A real tile server for the tests: GET /{z}/{x}/{y}[.png] answers a 256 px PNG of deterministic greenish noise
 * crossed by a faint grid and darker "hedge" lines, so screenshots look like imagery and each tile is told apart.
 * It also answers GET /staticmap?size=WxH&… (the static-maps form of a saved measurement's image) with a PNG of that
 * size (at most 640x640) of the same kind of imagery. `failing = true` makes it answer 503, as an imagery provider that
 * is down.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

export interface TileServer {
  /** The Leaflet URL template: `${url}/{z}/{x}/{y}.png`. */
  template: string;
  /** The static-maps endpoint: `${url}/staticmap`. */
  staticMapUrl: string;
  /** Static-map requests answered so far (their query strings). */
  staticServed: string[];
  url: string;
  /** Tile requests answered so far ("z/x/y"). */
  served: string[];
  failing: boolean;
  close(): Promise<void>;
}

const SIZE = 256;

/** A small, fast deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The PNG of tile z/x/y: the same bytes for the same tile, every time. */
export function tilePng(z: number, x: number, y: number): Buffer {
  const png = new PNG({ width: SIZE, height: SIZE });
  const next = random((z * 73856093) ^ (x * 19349663) ^ (y * 83492791));
  // Coarse patches (8 px) of grass tone, then per-pixel grain.
  const patch: number[] = [];
  for (let i = 0; i < (SIZE / 8) ** 2; i++) patch.push(next());
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const p = patch[Math.floor(py / 8) * (SIZE / 8) + Math.floor(px / 8)]!;
      const grain = next() * 24;
      let r = 52 + p * 40 + grain;
      let g = 92 + p * 60 + grain;
      let b = 38 + p * 22 + grain / 2;
      if (px % 64 === 0 || py % 64 === 0) {
        r += 40;
        g += 40;
        b += 40;
      }
      if ((px + py) % 97 === 0) {
        r *= 0.55;
        g *= 0.6;
        b *= 0.55;
      }
      const i = (py * SIZE + px) * 4;
      png.data[i] = Math.min(255, r);
      png.data[i + 1] = Math.min(255, g);
      png.data[i + 2] = Math.min(255, b);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A static map of the given size: the tile of z/x/y repeated (the test imagery has no place to show). */
export function staticMapPng(width: number, height: number): Buffer {
  const tile = PNG.sync.read(tilePng(19, 1, 1));
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = ((y % SIZE) * SIZE + (x % SIZE)) * 4;
      const to = (y * width + x) * 4;
      tile.data.copy(png.data, to, from, from + 4);
    }
  }
  return PNG.sync.write(png);
}

const STATIC_MAX = 640;

export async function startTileServer(): Promise<TileServer> {
  const cache = new Map<string, Buffer>();
  const state = { failing: false, served: [] as string[], staticServed: [] as string[] };
  const server = http.createServer((req, res) => {
    const staticMap = /^\/staticmap(?:\?(.*))?$/.exec(req.url ?? '');
    if (req.method === 'GET' && staticMap) {
      if (state.failing) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('imagery unavailable');
        return;
      }
      const query = new URLSearchParams(staticMap[1] ?? '');
      const size = /^(\d{1,4})x(\d{1,4})$/.exec(query.get('size') ?? '');
      const width = Math.min(STATIC_MAX, Math.max(1, Number(size?.[1] ?? 0)));
      const height = Math.min(STATIC_MAX, Math.max(1, Number(size?.[2] ?? 0)));
      if (!size) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('size: must be WIDTHxHEIGHT');
        return;
      }
      const key = `static/${width}x${height}`;
      let body = cache.get(key);
      if (!body) {
        body = staticMapPng(width, height);
        cache.set(key, body);
      }
      state.staticServed.push(staticMap[1] ?? '');
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length, 'cache-control': 'no-store' });
      res.end(body);
      return;
    }
    const m = /^\/(\d+)\/(\d+)\/(\d+)(?:\.png)?(?:\?.*)?$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !m) {
      res.writeHead(404).end();
      return;
    }
    if (state.failing) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('imagery unavailable');
      return;
    }
    const key = `${m[1]}/${m[2]}/${m[3]}`;
    let body = cache.get(key);
    if (!body) {
      body = tilePng(Number(m[1]), Number(m[2]), Number(m[3]));
      cache.set(key, body);
    }
    state.served.push(key);
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-length': body.length,
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    template: `${url}/{z}/{x}/{y}.png`,
    staticMapUrl: `${url}/staticmap`,
    get served() {
      return state.served;
    },
    get staticServed() {
      return state.staticServed;
    },
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
