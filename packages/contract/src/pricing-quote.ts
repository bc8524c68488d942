/**
 * The server's quote (call-handling.md §3, §7; decision 006): what the CSR has chosen, the discounts asked for and
 * the prices edited, and the quote's lines, totals and item states. Money is integer cents.
 */
import { z } from './zod.js';
import { percentToPpm } from '@cc/domain';
import { Id as PositiveId, line } from './common.js';
import { Cents, CustomerNo, Id, LawnSize, ServiceYear, Sqldbid, Zip } from './pricing-fields.js';

// ---- POST /api/customer/quote: the server's quote (decision 006) ----

const NullableId = PositiveId.nullable().optional();
const EditPercent = z
  .number()
  .nullable()
  .optional()
  .refine((v) => v === null || v === undefined || percentToPpm(v, 2) !== null, {
    message: 'must be a percent from 0 to 100 with at most 2 decimals',
  });

export const SelectionsSchema = z.object({
  lawnProgramId: NullableId,
  pestProgramId: NullableId,
  additionalServiceIds: z.array(PositiveId).max(50).optional().default([]),
  offerId: NullableId,
  couponCode: line(40).nullable().optional(),
  freeServiceId: NullableId,
  billDay: z
    .union([z.literal(1), z.literal(15)])
    .nullable()
    .optional(),
});
export type SelectionsInput = z.input<typeof SelectionsSchema>;

export const DiscountFlagsSchema = z.object({
  prepay: z.boolean().nullable().optional(),
  callDiscount: z.boolean().nullable().optional(),
  monthlyPayment: z.boolean().nullable().optional(),
});

export const PriceEditsSchema = z.object({
  /** Cents per round. */
  lawnPrice: z.number().int('must be whole cents').min(0, 'cannot be negative').max(100_000_00).nullable().optional(),
  roundCount: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000).nullable().optional(),
  callDiscountPercent: EditPercent,
  prepayPercent: EditPercent,
});
export type PriceEditsInput = z.input<typeof PriceEditsSchema>;

export const QuoteRequest = z.object({
  sqldbid: Sqldbid,
  customerNo: CustomerNo,
  zip: Zip,
  size: LawnSize,
  serviceYear: ServiceYear,
  selections: SelectionsSchema.optional().default({ additionalServiceIds: [] }),
  flags: DiscountFlagsSchema.optional().default({}),
  edits: PriceEditsSchema.optional().default({}),
});
export type QuoteRequest = z.input<typeof QuoteRequest>;

const LineDiscounts = z.object({ offer: Cents, preferredPlus: Cents, call: Cents, prepay: Cents, coupon: Cents });
const QuoteLineSchema = z.object({
  kind: z.enum(['lawn', 'additional', 'pestInitial', 'pestMonthly']),
  itemId: Id,
  serviceDefId: Id,
  serviceName: z.string(),
  billingFrequency: z.union([z.literal(1), z.literal(2)]),
  unitPrice: Cents,
  quantity: z.number().int(),
  extendedPrice: Cents,
  unitPriceSold: Cents,
  extendedPriceSold: Cents,
  discounts: LineDiscounts,
  tax: Cents,
  total: Cents,
  installment: z.boolean(),
  remainMonths: z.number().int(),
  monthly: z
    .object({
      amount: Cents,
      lastAmount: Cents,
      billDay: z.union([z.literal(1), z.literal(15)]),
      firstBillDate: z.string(),
    })
    .nullable(),
  free: z.boolean(),
  orderItem: z.boolean(),
});

const SaleTotalsSchema = z.object({
  applications: z.number().int(),
  appCost: Cents,
  taxRate: z.number(),
  subtotal: Cents,
  salesTax: Cents,
  totalCost: Cents,
  prepayDiscount: Cents,
  prepaySubTotal: Cents,
  prepaySalesTax: Cents,
  prepayTotal: Cents,
  callDiscount: Cents,
  callDiscountSubTotal: Cents,
  callDiscountSalesTax: Cents,
  callDiscountTotal: Cents,
  combinedDiscount: Cents,
  combinedSubTotal: Cents,
  combinedSalesTax: Cents,
  combinedTotal: Cents,
  saleSubTotal: Cents,
  saleSalesTax: Cents,
  saleTotal: Cents,
  lawncareTotal: Cents,
  additionalServicesTotal: Cents,
  pestInitialTotal: Cents,
  pestMonthlyTotal: Cents,
  pestMonthlyPrice: Cents,
  duePestInitialTotal: Cents,
  dueMonthlyTotal: Cents,
  offerDiscount: Cents,
  preferredPlusDiscount: Cents,
  couponDiscount: Cents,
});

const ItemStateSchema = z.object({
  id: Id,
  selected: z.boolean(),
  free: z.boolean(),
  blocked: z.boolean(),
  bundled: z.boolean(),
  /** The spec's names: picked or bundled (part of the order), and `free`. */
  IncludeInPurchase: z.boolean(),
  Free: z.boolean(),
  reason: z.string().optional(),
});

export const QuoteResponse = z.object({
  case: z.enum(['none', 'prepay', 'call', 'combined']),
  flags: z.object({
    prepay: z.boolean(),
    callDiscount: z.boolean(),
    monthlyPayment: z.boolean(),
    prepayAvailable: z.boolean(),
    callDiscountAutomatic: z.boolean(),
  }),
  rates: z.object({ taxRate: z.number(), callDiscountPercent: z.number(), prepayPercent: z.number() }),
  totals: SaleTotalsSchema,
  lines: z.array(QuoteLineSchema),
  serviceYear: z.number().int(),
  months: z.number().int(),
  rounds: z.object({ total: z.number().int(), remaining: z.number().int(), sold: z.number().int() }).nullable(),
  states: z.object({
    lawnPrograms: z.array(ItemStateSchema),
    pestPrograms: z.array(ItemStateSchema),
    additionalServices: z.array(ItemStateSchema),
    offers: z.array(
      z.object({ id: Id, selected: z.boolean(), applicable: z.boolean(), reason: z.string().optional() }),
    ),
    coupon: z
      .object({
        code: z.string(),
        found: z.boolean(),
        applied: z.boolean(),
        amount: Cents,
        reason: z.string().optional(),
      })
      .nullable(),
  }),
  problems: z.array(
    z.object({
      code: z.string(),
      severity: z.enum(['error', 'warning']),
      message: z.string(),
      ref: z.union([z.number(), z.string()]).optional(),
    }),
  ),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;
