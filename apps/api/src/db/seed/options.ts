/**
 * The sizes of the demo data and their check, kept free of database access so that the command line can refuse
 * bad arguments before it opens a database (and a test can call it directly).
 */
import { DEMO_CUSTOMER_COUNT, STORY_CUSTOMERS } from './customers.js';

export const DEMO_OUTBOUND_COUNT = 3000;

export class SeedOptionsError extends Error {
  override name = 'SeedOptionsError';
}

/** The customers a seed makes: the fixed story customers and the generated ones. */
export function customersMade(generated: number): number {
  return STORY_CUSTOMERS.length + generated;
}

/**
 * Refuse outbound rows the customers cannot carry: the random rows are made one per customer, so asking for more
 * rows than customers would silently give fewer (decision 014). Without an asked-for number the demo default is
 * used, cut to the customers. Answers the sizes the seed will use.
 */
export function checkSeedOptions(options: { customers?: number | undefined; outboundCalls?: number | undefined }): {
  customers: number;
  outboundCalls: number;
} {
  const customers = options.customers ?? DEMO_CUSTOMER_COUNT;
  const available = customersMade(customers);
  const outboundCalls = options.outboundCalls ?? Math.min(DEMO_OUTBOUND_COUNT, available);
  if (outboundCalls > available) {
    const fmt = (n: number) => n.toLocaleString('en-US');
    throw new SeedOptionsError(
      `--outbound ${outboundCalls} asks for more outbound rows than the ${fmt(available)} customers they are made from ` +
        `(${fmt(customers)} generated and ${STORY_CUSTOMERS.length} story customers); ` +
        `pass --customers ${Math.max(0, outboundCalls - STORY_CUSTOMERS.length)} or more, or a smaller --outbound.`,
    );
  }
  return { customers, outboundCalls };
}
