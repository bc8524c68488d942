/**
 * The web app's files as the browser gets them (docs/decisions/105-compressed-assets.md): each in the smallest form the
 * browser accepts, from the compressed copies the build writes beside it; index.html revalidated, hashed assets kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const PAGE =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-abc123.js"></script></body></html>';

/** A build's output: each file with its brotli and gzip copies, as the web app's build writes them. */
function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(text));
  };
  write('index.html', PAGE);
  write('assets/app-abc123.js', SCRIPT);
  return dir;
}

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = webDist();
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

/** The script as the build compressed it. */
const encoded = (encoding: string) => (encoding === 'br' ? zlib.brotliCompressSync(SCRIPT) : zlib.gzipSync(SCRIPT));

const decoded = (body: Buffer, encoding: unknown) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString();

describe('the web app’s files', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    [undefined, undefined],
  ])('a script asked for with Accept-Encoding %s comes as %s, the same text once decoded', async (accept, encoding) => {
    const response = await get('/assets/app-abc123.js', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(response.rawPayload, encoding)).toBe(SCRIPT);
    expect(response.rawPayload.length).toBe(encoding ? encoded(encoding).length : SCRIPT.length);
  });

  it.each(['/', '/call-center/inbound'])('%s is the page, compressed and revalidated on every visit', async (url) => {
    const response = await get(url, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded(response.rawPayload, response.headers['content-encoding'])).toBe(PAGE);
  });
});
