/** The external pages of a call (call-handling.md §2, §5): pay a bill, autopay and the evaluation code. Pure. */
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
  zip: string;
  /** The property-evaluation code of a PropertyEval call; the evaluation link shows only then. */
  propEvalCode: string | null;
}

/** The configured URL with the customer's parameters, or null when it is not configured (or not a URL). */
export function linkTo(base: string | null, params: Record<string, string>): string | null {
  if (!base) return null;
  try {
    const url = new URL(base);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  } catch {
    return null;
  }
}

/** Pay a Bill and Autopay with the customer and the zip cut to 5 digits; the evaluation link on PropertyEval calls. */
export function callLinksOf(input: CallLinksInput): CallLink[] {
  const params = { customer: String(input.customerNo), zip: zip5(input.zip) };
  const links: CallLink[] = [
    { label: 'Pay a Bill', href: linkTo(input.payBill, params), testId: 'link-pay-bill' },
    { label: 'Autopay', href: linkTo(input.autoPay, params), testId: 'link-autopay' },
  ];
  if (input.propEvalCode !== null) {
    links.push({
      label: `Evaluation code ${input.propEvalCode}`,
      href: linkTo(input.evaluation, { code: input.propEvalCode, customer: String(input.customerNo) }),
      testId: 'link-evaluation',
    });
  }
  return links;
}
