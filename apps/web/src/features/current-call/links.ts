/**
 * The external pages of a call (call-handling.md §2, §5): pay a bill, autopay and the evaluation code, each opened
 * in a new window. A configured address may be relative (the demonstration pages, decision 027). Pure.
 */
import { zip5 } from '@cc/domain';

export interface CallLink {
  label: string;
  /** The page with the customer's parameters; null when the page is not configured (shown as unavailable). */
  href: string | null;
  testId: string;
}

export interface CallLinksInput {
  payBill: string | null;
  autoPay: string | null;
  evaluation: string | null;
  customerNo: number;
  sqldbid: number;
  zip: string;
  /** The call's property-evaluation code (any call type whose row carries one), or null. */
  propEvalCode: string | null;
  /** Where relative addresses are resolved: the app's own origin. */
  origin: string;
}

/** The configured URL with the customer's parameters, or null when it is not configured (or not a URL). */
export function linkTo(base: string | null, params: Record<string, string>, origin?: string): string | null {
  if (!base) return null;
  try {
    const url = new URL(base, origin);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * Pay a Bill and Autopay with the customer and the zip cut to 5 digits (Autopay also names the franchise, whose
 * enrollment it shows); the evaluation link on every call, with the call's evaluation code when it has one.
 */
export function callLinksOf(input: CallLinksInput): CallLink[] {
  const customer = String(input.customerNo);
  const sqldbid = String(input.sqldbid);
  const zip = zip5(input.zip);
  const code = input.propEvalCode?.trim() ? input.propEvalCode.trim() : null;
  return [
    { label: 'Pay a Bill', href: linkTo(input.payBill, { customer, zip }, input.origin), testId: 'link-pay-bill' },
    { label: 'Autopay', href: linkTo(input.autoPay, { customer, zip, sqldbid }, input.origin), testId: 'link-autopay' },
    {
      label: code ? `Evaluation code ${code}` : 'Evaluation',
      href: linkTo(input.evaluation, { ...(code ? { code } : {}), customer, sqldbid }, input.origin),
      testId: 'link-evaluation',
    },
  ];
}
