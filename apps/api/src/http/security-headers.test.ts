import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isApiUrl, tileImageOrigin } from './security-headers.js';

describe("the imagery's origin in the pages' img-src (decision 037)", () => {
  it.each([
    [
      'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
      'https://server.arcgisonline.com',
    ],
    ['https://{s}.tiles.example.test/{z}/{x}/{y}.png', 'https://*.tiles.example.test'],
    ['http://127.0.0.1:41234/{z}/{x}/{y}.png', 'http://127.0.0.1:41234'],
    ['HTTPS://Tiles.Example.TEST/{z}/{x}/{y}', 'https://tiles.example.test'],
  ])('%s loads from %s', (template, origin) => {
    expect(tileImageOrigin(template)).toBe(origin);
  });

  it('gives no source for a host made of placeholders or odd characters, so the policy is never opened wide', () => {
    expect(tileImageOrigin('https://{z}/{x}/{y}')).toBeUndefined();
    expect(tileImageOrigin("https://a.test';script-src *")).toBeUndefined();
    expect(tileImageOrigin('ftp://a.test/{z}/{x}/{y}')).toBeUndefined();
  });

  it('adds the origins to img-src only', () => {
    expect(contentSecurityPolicy(['https://a.test'])).toContain(
      "img-src 'self' data: https://a.test; font-src 'self' data:",
    );
    expect(contentSecurityPolicy()).toContain("img-src 'self' data:; ");
  });
});

describe('which answers are kept from caches (decision 059)', () => {
  it.each([
    ['/api', true],
    ['/api/auth/signin', true],
    ['/api/dashboard?x=/y', true],
    ['/apiary', false],
    ['/', false],
    ['/assets/index.js', false],
    ['/dashboard?next=/api/x', false],
  ])('%s: %s', (url, expected) => {
    expect(isApiUrl(url)).toBe(expected);
  });
});
