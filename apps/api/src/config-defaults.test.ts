/** The settings of decision 059: which proxies are believed, whether sign-up and the API documentation are open. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const problem = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, or when off', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toEqual([]);
  });

  it('takes a comma-separated list of addresses, CIDRs and range names', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, ::1,10.0.0.0/8 ,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    ['2', 'a hop count is not supported'],
    ['true', '"true" is not an IP address or CIDR'],
    ['127.0.0.1,', 'an empty entry'],
    ['10.0.0.0/33', '"10.0.0.0/33" has no valid prefix length'],
    ['10.0.0.0/', '"10.0.0.0/" has no valid prefix length'],
    ['300.1.1.1', '"300.1.1.1" is not an IP address or CIDR'],
    ['proxy.internal', '"proxy.internal" is not an IP address or CIDR'],
  ])('refuses %s, naming the variable and the entry', (value, message) => {
    const text = problem({ TRUST_PROXY: value });
    expect(text).toContain('TRUST_PROXY');
    expect(text).toContain(message);
  });
});
