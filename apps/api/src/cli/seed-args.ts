import { parseArgs } from 'node:util';
import { SeedOptionsError, checkSeedOptions } from '../db/seed/options.js';

export interface SeedArgs {
  customers: number;
  outboundCalls: number;
  seed: number | undefined;
}

const wholeNumber = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(n) || n < 0) {
    throw new SeedOptionsError(`--${name} must be a whole number, not ${JSON.stringify(value)}`);
  }
  return n;
};

/**
 * The arguments of `npm run db:seed` (`--customers N --outbound N --seed N`), checked before any database is
 * opened: a bad number, an unknown option or more outbound rows than customers is a SeedOptionsError whose message
 * says what to pass instead.
 */
export function parseSeedArgs(args: string[]): SeedArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        customers: { type: 'string' },
        outbound: { type: 'string' },
        seed: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new SeedOptionsError(
      `${(error as Error).message.split('\n')[0]} (options: --customers N, --outbound N, --seed N)`,
    );
  }
  const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);
  const sizes = checkSeedOptions({
    customers: wholeNumber('customers', str(values.customers)),
    outboundCalls: wholeNumber('outbound', str(values.outbound)),
  });
  return { ...sizes, seed: wholeNumber('seed', str(values.seed)) };
}
