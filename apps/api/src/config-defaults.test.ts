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

const SERVER = { DATABASE_URL: 'postgres://callcentre@db.invalid:5432/callcentre' };

describe('SIGNUP', () => {
  it('is on by default in the demo (the embedded database given the demo data), off on a server', () => {
    expect(loadConfig({}).signupEnabled).toBe(true);
    expect(loadConfig(SERVER).signupEnabled).toBe(false);
    // An embedded database that is never given the demo data is not the demo.
    expect(loadConfig({ SEED: 'never' }).signupEnabled).toBe(false);
  });

  it('can be set either way anywhere', () => {
    expect(loadConfig({ ...SERVER, SIGNUP: 'on' }).signupEnabled).toBe(true);
    expect(loadConfig({ SIGNUP: 'off' }).signupEnabled).toBe(false);
    expect(problem({ SIGNUP: 'yes' })).toContain('SIGNUP');
  });
});

describe('API_DOCS', () => {
  it('is on by default in the demo and in development, off on a server in production', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ ...SERVER, NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig(SERVER).apiDocs).toBe(false);
    expect(loadConfig({ SEED: 'never' }).apiDocs).toBe(false);
  });

  it('can be set either way anywhere', () => {
    expect(loadConfig({ ...SERVER, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off', NODE_ENV: 'development' }).apiDocs).toBe(false);
    expect(problem({ API_DOCS: 'public' })).toContain('API_DOCS');
  });
});
