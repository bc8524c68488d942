/** What the quote tests share (quote.test.ts, quote-offers.test.ts, quote-pest-tax.test.ts); kept out of the build. */
import { input } from './fixtures.js';
import { quote } from './quote.js';
import type { Quote, QuoteInput } from './types.js';

export const line = (q: Quote, kind: string, name?: string) => {
  const found = q.lines.find((l) => l.kind === kind && (name === undefined || l.serviceName === name));
  if (!found) throw new Error(`no ${kind} line ${name ?? ''}`);
  return found;
};
export const codes = (q: Quote) => q.problems.map((p) => p.code);
/** Selections and flags that isolate one rule: no prepay, no call discount. */
export const plain = (over: Partial<QuoteInput> = {}) =>
  quote(input({ ...over, flags: { prepay: false, callDiscount: false, ...over.flags } }));
