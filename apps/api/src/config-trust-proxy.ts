/** TRUST_PROXY, checked at start (decision 059): which reverse proxies' X-Forwarded-* headers are believed. */
import net from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges, which Fastify's trustProxy takes beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * What is wrong with one entry of TRUST_PROXY, or undefined: an IPv4 or IPv6 address, one with a prefix length
 * (CIDR), or one of proxy-addr's range names. A hop count is refused: Fastify cannot check that the peer a hop
 * count trusts is a proxy at all, so it trusts nobody with one (decision 059).
 */
export function trustedProxyProblem(entry: string): string | undefined {
  if (PROXY_RANGE_NAMES.has(entry)) return undefined;
  if (/^\d+$/.test(entry)) return `"${entry}": a hop count is not supported; name the proxies' addresses or CIDRs`;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return `"${entry}" is not an IP address or CIDR`;
  if (prefix === undefined) return undefined;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits <= (family === 4 ? 32 : 128) ? undefined : `"${entry}" has no valid prefix length`;
}

/** TRUST_PROXY: `off`, or the comma-separated addresses, CIDRs and range names of the proxies to trust. */
export const trustProxyVar = z
  .string()
  .transform((value, ctx) => {
    if (value.trim() === 'off') return [];
    const entries = value.split(',').map((entry) => entry.trim());
    const problems = entries.map((entry) => (entry === '' ? 'an empty entry' : trustedProxyProblem(entry)));
    const problem = problems.find((p) => p !== undefined);
    if (problem === undefined) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `${problem} (a comma-separated list of proxy addresses or CIDRs, or off)`,
    });
    return z.NEVER;
  })
  .default([]);
