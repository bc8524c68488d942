/** The server's settings: checked at start, every bad one named. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

describe('operations settings', () => {
  it('have defaults: metrics off, a 5 s drain, 10 s for the mail worker, 30 s in all', () => {
    const config = loadConfig({});
    expect(config.metricsToken).toBeUndefined();
    expect(config.shutdown).toEqual({ drainSeconds: 5, mailSeconds: 10, timeoutSeconds: 30 });
  });

  it('take a metrics token of 24 or more printable characters', () => {
    const token = 'a'.repeat(24);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('refuse a short or spaced metrics token and bad shutdown times, naming each', () => {
    const attempt = () =>
      loadConfig({
        METRICS_TOKEN: 'short token',
        SHUTDOWN_DRAIN_SECONDS: '-1',
        SHUTDOWN_MAIL_SECONDS: 'soon',
        SHUTDOWN_TIMEOUT_SECONDS: '0',
      });
    expect(attempt).toThrow(ConfigError);
    for (const name of [
      'METRICS_TOKEN',
      'SHUTDOWN_DRAIN_SECONDS',
      'SHUTDOWN_MAIL_SECONDS',
      'SHUTDOWN_TIMEOUT_SECONDS',
    ]) {
      expect(attempt).toThrow(name);
    }
  });
});
