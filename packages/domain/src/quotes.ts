/**
 * Orders as the All Quotes page lists them (call-handling.md §3, §4; administration.md, header and menu): the
 * spec's order statuses and types, and how one search box's text is read.
 */
import { phoneDigits } from './address.js';

/** Order status (call-handling.md §4): SUBMITTED for a sale or upsell, otherwise PENDING; EXPIRED later. */
export const ORDER_STATUS_VALUES = ['SUBMITTED', 'PENDING', 'EXPIRED'] as const;
export type OrderStatusValue = (typeof ORDER_STATUS_VALUES)[number];
/** Order type: LCP for a sale with a lawn program, UPSELL for a sale without one, NORMAL otherwise. */
export const ORDER_TYPE_VALUES = ['LCP', 'UPSELL', 'NORMAL'] as const;
export type OrderTypeValue = (typeof ORDER_TYPE_VALUES)[number];

/** A pending order is a quote: what the All Quotes page opens on. */
export const QUOTE_STATUS: OrderStatusValue = 'PENDING';

/** The largest order or customer number a search takes (PostgreSQL integer). */
export const MAX_ORDER_NUMBER = 2_147_483_647;

/**
 * What a search text means:
 * - `number`: one to nine digits and nothing else: an order number or a customer number, each matched exactly;
 * - `phone`: ten or more digits, or digits with phone punctuation ((630) 555-0142, 630.555, 555-0142): the
 *   customer's home, cell or work phone starting with those digits (at least three);
 * - `name`: letters (with spaces, apostrophes, hyphens and periods): the customer's last name starting with it;
 *   'Last, First' narrows to first names starting with the part after the comma.
 */
export type QuoteSearch =
  | { kind: 'number'; value: number }
  | { kind: 'phone'; digits: string }
  | { kind: 'name'; lastName: string; firstName: string };

export type QuoteSearchResult = { ok: true; search: QuoteSearch | null } | { ok: false; message: string };

const NAME = /^[\p{L}][\p{L}\s'.-]*$/u;
const PHONE = /^[\d\s().+-]+$/;

/** Read a search text; an empty text searches nothing (every order in scope). */
export function parseQuoteSearch(text: string | undefined | null): QuoteSearchResult {
  const value = (text ?? '').trim().replace(/\s+/g, ' ');
  if (value === '') return { ok: true, search: null };
  const hash = value.replace(/^#/, '');
  if (/^\d+$/.test(hash) && hash.length <= 9) {
    const n = Number(hash);
    if (n < 1) return { ok: false, message: 'an order or customer number starts at 1' };
    return { ok: true, search: { kind: 'number', value: n } };
  }
  if (PHONE.test(value) && /\d/.test(value)) {
    const digits = phoneDigits(value);
    if (digits.length < 3) return { ok: false, message: 'enter at least 3 digits of the phone number' };
    if (digits.length > 10) return { ok: false, message: 'a phone number has at most 10 digits' };
    return { ok: true, search: { kind: 'phone', digits } };
  }
  const [last = '', first = '', ...rest] = value.split(',').map((p) => p.trim());
  if (rest.length > 0 || !NAME.test(last) || (first !== '' && !NAME.test(first))) {
    return {
      ok: false,
      message: 'enter an order number, a customer number, a last name (Last, First) or a phone number',
    };
  }
  return { ok: true, search: { kind: 'name', lastName: last, firstName: first } };
}

/** The words a page uses for what was searched. */
export function describeQuoteSearch(search: QuoteSearch): string {
  switch (search.kind) {
    case 'number':
      return `order or customer number ${search.value}`;
    case 'phone':
      return `phone starting ${search.digits}`;
    case 'name':
      return search.firstName
        ? `customer ${search.lastName}, ${search.firstName}…`
        : `customer last name starting ${search.lastName}`;
  }
}
