/** `npm run db:seed` arguments (decision 014): sizes checked before any database is opened. */
import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_COUNT, STORY_CUSTOMERS } from '../db/seed/customers.js';
import { DEMO_OUTBOUND_COUNT, SeedOptionsError, checkSeedOptions } from '../db/seed/options.js';
import { parseSeedArgs } from './seed-args.js';

const story = STORY_CUSTOMERS.length;

describe('parseSeedArgs', () => {
  it('no arguments: the demo sizes', () => {
    expect(parseSeedArgs([])).toEqual({
      customers: DEMO_CUSTOMER_COUNT,
      outboundCalls: DEMO_OUTBOUND_COUNT,
      seed: undefined,
    });
  });

  it('the benchmark sizes are accepted', () => {
    expect(parseSeedArgs(['--customers', '1000000', '--outbound', '500000', '--seed', '42'])).toEqual({
      customers: 1_000_000,
      outboundCalls: 500_000,
      seed: 42,
    });
    expect(parseSeedArgs(['--customers=1000000', '--outbound=500000'])).toMatchObject({ outboundCalls: 500_000 });
  });

  it('as many outbound rows as customers (story customers included) is the most', () => {
    expect(parseSeedArgs(['--outbound', String(DEMO_CUSTOMER_COUNT + story)]).outboundCalls).toBe(
      DEMO_CUSTOMER_COUNT + story,
    );
    expect(parseSeedArgs(['--customers', '10', '--outbound', String(10 + story)]).outboundCalls).toBe(10 + story);
    expect(parseSeedArgs(['--outbound', '0']).outboundCalls).toBe(0);
  });

  it('refuses --outbound 500000 on the demo 20,000 customers, saying what to pass', () => {
    const refuse = () => parseSeedArgs(['--outbound', '500000']);
    expect(refuse).toThrow(SeedOptionsError);
    expect(refuse).toThrow(
      `--outbound 500000 asks for more outbound rows than the 20,007 customers they are made from ` +
        `(20,000 generated and 7 story customers); pass --customers 499993 or more, or a smaller --outbound.`,
    );
    expect(() => parseSeedArgs(['--customers', '10', '--outbound', String(11 + story)])).toThrow(
      /--outbound 18 asks for more outbound rows than the 17 customers/,
    );
  });

  it('without --outbound the demo default is cut to the customers', () => {
    expect(parseSeedArgs(['--customers', '100'])).toMatchObject({ customers: 100, outboundCalls: 100 + story });
  });

  it('refuses malformed numbers and unknown options by name', () => {
    for (const [args, message] of [
      [['--outbound', 'lots'], '--outbound must be a whole number, not "lots"'],
      [['--customers=-5'], '--customers must be a whole number, not "-5"'],
      [['--customers', '1.5'], '--customers must be a whole number, not "1.5"'],
      [['--seed', ''], '--seed must be a whole number, not ""'],
      [['--outbund', '5'], /Unknown option '--outbund'.*--customers N, --outbound N, --seed N/],
      [['500000'], /positional.*--customers N/i],
    ] as [string[], string | RegExp][]) {
      expect(() => parseSeedArgs(args), args.join(' ')).toThrow(message);
    }
  });
});

describe('checkSeedOptions (seedDemoData applies it too, so the bench and tests cannot ask for too many)', () => {
  it('refuses more outbound rows than customers', () => {
    expect(() => checkSeedOptions({ customers: 5000, outboundCalls: 5000 + story + 1 })).toThrow(SeedOptionsError);
    expect(checkSeedOptions({ customers: 5000 })).toEqual({ customers: 5000, outboundCalls: DEMO_OUTBOUND_COUNT });
  });
});
