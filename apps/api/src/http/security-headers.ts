/**
 * The headers every answer carries (decision 022). The content security policy allows no
 * inline script and no script from elsewhere: the built index.html loads its one module from /assets, so an
 * injected script has nowhere to run from. Styles allow 'unsafe-inline' because Mantine and AG Grid write their
 * CSS variables and theme into <style> elements at run time; data: images and fonts are the grid's icons. Images
 * may also come from the configured satellite imagery's origin (MeasureIt's map, decision 037).
 */
export function contentSecurityPolicy(imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...imageOrigins].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * The origin a Leaflet tile URL template loads from, as a CSP source: `{s}` (a subdomain letter) becomes `*`, and a
 * template whose host is all placeholders yields no source (its images stay blocked rather than the policy opened).
 */
export function tileImageOrigin(template: string): string | undefined {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!m) return undefined;
  const host = m[2]!.replace(/\{s\}/g, '*');
  if (/[{}]/.test(host) || !/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host)) return undefined;
  return `${m[1]!.toLowerCase()}://${host.toLowerCase()}`;
}

/** Browser features the product never uses, switched off for the page and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** One year; only sent over HTTPS (a browser ignores it over HTTP, and a plain-HTTP test server must stay one). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** The security headers of one answer; `https`: the request came over HTTPS (behind a proxy: X-Forwarded-Proto). */
export function securityHeaders(https: boolean, policy = CONTENT_SECURITY_POLICY): [string, string][] {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Referrer-Policy', 'same-origin'],
    ['Content-Security-Policy', policy],
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
  if (https) headers.push(['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY]);
  return headers;
}

/**
 * Every answer under /api is kept by no cache, the browser's own included: the API's answers carry personal data
 * (customers, users) or credentials (the sign-in's and refresh's tokens), and none is meant to be reused. No route
 * under /api caches on purpose; the web app's files, outside /api, keep their own rules (app.ts).
 */
export const API_CACHE_CONTROL = 'no-store';

/** Whether a request's URL (path and query) is under /api. */
export function isApiUrl(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}
