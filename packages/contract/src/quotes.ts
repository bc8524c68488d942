/**
 * The All Quotes page (administration.md, header and menu): the orders in the caller's scope, one page at a
 * time, and one order with its lines and discounts. Order and line fields carry the spec's names
 * (call-handling.md §3); the rest is camelCase. Money is in dollars with two decimals.
 */
import { z } from './zod.js';
import { ORDER_STATUS_VALUES } from '@cc/domain';
import { Cursor, IdParam, keysetPage, line } from './common.js';

/** An instant as the app shows it: 'YYYY-MM-DD HH:mm:ss' in America/Chicago. */
const Time = z.string();

export const QUOTE_SORT_FIELDS = ['updated', 'created', 'total', 'customer', 'status'] as const;
export type QuoteSortField = (typeof QUOTE_SORT_FIELDS)[number];

export const QuotesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.enum(QUOTE_SORT_FIELDS, { error: `must be one of ${QUOTE_SORT_FIELDS.join(', ')}` }).default('updated'),
  dir: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  /** The `next` of the page before (decision 034): the orders after that one, read by key; `page` is only echoed. */
  after: Cursor,
  /** One order status; every status when left out. */
  status: z.enum(ORDER_STATUS_VALUES, { error: `must be one of ${ORDER_STATUS_VALUES.join(', ')}` }).optional(),
  /** An order or customer number, a last name ('Last, First') or phone digits (parseQuoteSearch in domain). */
  q: line(100).optional(),
});
export type QuotesQuery = z.input<typeof QuotesQuery>;

/** One order in the list. */
export const QuoteRow = z.object({
  id: z.number().int(),
  sqldbid: z.number().int(),
  customerNo: z.number().int(),
  customerFirstName: z.string(),
  customerLastName: z.string(),
  branchNo: z.string(),
  /** The franchise's company name. */
  franchiseName: z.string(),
  orderType: z.string(),
  orderStatus: z.string(),
  isPrepay: z.boolean(),
  isAutopay: z.boolean(),
  subTotal: z.number(),
  tax: z.number(),
  total: z.number(),
  source: z.string(),
  title: z.string(),
  serviceYear: z.number().int(),
  created: Time,
  updated: Time,
});
export type QuoteRow = z.infer<typeof QuoteRow>;

/** How the search text was read: order or customer number, phone, name; null without a search. */
export const QuoteSearchKind = z.enum(['number', 'phone', 'name']).nullable();

export const QuotesResponse = keysetPage(QuoteRow).extend({ search: QuoteSearchKind });
export type QuotesResponse = z.infer<typeof QuotesResponse>;

export const QuoteParams = z.object({ orderId: IdParam });

export const QuoteItem = z.object({
  orderItemId: z.number().int(),
  serviceDefId: z.number().int(),
  serviceName: z.string(),
  rounds: z.number().int(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  extendedPrice: z.number(),
  unitPriceSold: z.number(),
  extendedPriceSold: z.number(),
  installment: z.boolean(),
  remainMonths: z.number().int(),
});
export type QuoteItem = z.infer<typeof QuoteItem>;

export const QuoteDiscount = z.object({
  orderDiscountId: z.number().int(),
  couponCode: z.string(),
  amount: z.number(),
});
export type QuoteDiscount = z.infer<typeof QuoteDiscount>;

/** The customer as the order's drawer shows them; null when the customer record is gone. */
export const QuoteCustomer = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  email: z.string(),
  customerType: z.string(),
});

export const QuoteDetail = QuoteRow.extend({
  ndc: z.string(),
  callId: z.number().int().nullable(),
  /** Who created the order in the call centre ('' for web orders). */
  createdBy: z.string(),
  customer: QuoteCustomer.nullable(),
  items: z.array(QuoteItem),
  discounts: z.array(QuoteDiscount),
});
export type QuoteDetail = z.infer<typeof QuoteDetail>;
