/**
 * The pricing engine's model: what goes in ({@link QuoteInput}) and what comes out ({@link Quote}).
 * Field names follow call-handling.md §3 where the spec names them. Money is integer cents everywhere; percents
 * are plain numbers (7.25 meaning 7.25 %).
 */
import type { BillDay } from './calendar.js';
import type { Cents } from './money.js';

/** Billing frequency ids (call-handling.md §9): 1 initial or one-time, 2 monthly. */
export const BillingFrequency = { OneTime: 1, Monthly: 2 } as const;
export type BillingFrequency = (typeof BillingFrequency)[keyof typeof BillingFrequency];

/** The franchise's rates (franchiseData). */
export interface FranchisePricing {
  /** Sales tax in percent, e.g. 7.25; up to 4 decimals. */
  TaxRate: number;
  /** Call discount in percent, e.g. 10. */
  CallDiscount: number;
  /** Prepay discount in percent, e.g. 5. */
  PrePayDiscount: number;
  /** First application of the lawn season: 'MM-DD', 'MM/DD', 'YYYY-MM-DD' or 'MM/DD/YYYY'. */
  FirstAppTime?: string | null;
}

/** A lawn program, priced per round (application). */
export interface LawnProgram {
  Id: number;
  ServiceDefId: number;
  /** 'Preferred Program', 'Economy Program', 'Preferred Plus …' or another name. */
  ServiceName: string;
  /** Price of one round, in cents. */
  FinalPrice: Cents;
  TotalRounds: number;
  /** Rounds left this season as the franchise counts them; derived from FirstAppTime when absent. */
  RemainRounds?: number | null;
  gl_account?: string | null;
  /** Preferred Plus: price and name of the plus service, for display. ServiceNamePlus also finds the linked service. */
  ServicePricePlus?: Cents | null;
  ServiceNamePlus?: string | null;
  /** Preferred Plus: percent off its linked additional service. */
  PreferredPlusServiceDiscount?: number | null;
  /** Preferred Plus: ServiceDefId of the linked additional service (else the one named ServiceNamePlus). */
  linkedServiceDefId?: number | null;
  /** Ids of additional services included in this program: not sold separately while it is selected. */
  bundledServices?: readonly number[] | null;
}

/** A pest program: an initial payment (sold as service 45) and a monthly price. */
export interface PestProgram {
  Id: number;
  ServiceDefId: number;
  ServiceName: string;
  /** Paid at sign-up, in cents: the service-45 line. */
  InitialPayment: Cents;
  /** Regular price of the initial service, in cents, for display beside InitialPayment; not priced. */
  InitialFee?: Cents | null;
  /** Monthly price, in cents. */
  FinalPrice: Cents;
  fk_BillingFrequencyID?: 2;
}

/** An additional service (service group 'A'). */
export interface AdditionalService {
  Id: number;
  ServiceDefId: number;
  ServiceName: string;
  /** One-time price, or the monthly price when billed monthly, in cents. */
  FinalPrice: Cents;
  /** Picking a service blocks the others with the same gl_account. */
  gl_account?: string | null;
  /** 1 one-time (default), 2 monthly. */
  fk_BillingFrequencyID?: BillingFrequency | null;
  serviceGroup?: 'A';
  /** Sold only together with a lawn program (bundleOnlyServices). */
  bundleOnly?: boolean | null;
}

export type OfferPricingRule = 'FreeVisit' | 'FreeService' | 'Priced' | 'Reduce';
/**
 * Refines an offer: '2-for-1' and 'free-visit' free one round of a program with more than 1 round, '3-for-2' one
 * round of a program with more than 2 rounds; 'percent-off' takes priceRuleValue percent off.
 */
export type OfferKind = 'free-visit' | '2-for-1' | '3-for-2' | 'percent-off';

export interface Offer {
  id: number;
  description: string;
  pricingRule: OfferPricingRule;
  /** Priced: the new unit price in cents; Reduce: cents off the line; 'percent-off': the percent. */
  priceRuleValue: number;
  kind?: OfferKind | null;
  templateId?: number | null;
  /**
   * The service the offer is for: a lawn program (group 'L') or an additional service (group 'A'), by
   * ServiceDefId. A FreeService offer with id 0 leaves the choice to the CSR (Selections.freeServiceId).
   */
  serviceDefinition: { id: number; serviceGroup: 'L' | 'A' };
  serviceDfnId?: number | null;
}

/** Coupon types (call-handling.md §3): 1 general, 2 additional service, 3 lawn program. */
export const CouponType = { General: 1, AdditionalService: 2, LawnProgram: 3 } as const;
export type CouponType = (typeof CouponType)[keyof typeof CouponType];

export interface Coupon {
  CouponCode: string;
  CouponID?: number | null;
  CouponTypeID: CouponType;
  /** Type 2: the additional service's ServiceDefId; type 3: the lawn program's; 45: the pest initial payment. */
  ServiceId?: number | null;
  Description?: string | null;
  /** Cents off, or the percent when IsPercent. */
  Value: number;
  IsPercent?: boolean | null;
}

/** Everything the pricing endpoint returns for a customer (call-handling.md §3 "Pricing data"). */
export interface PricingData {
  franchise: FranchisePricing;
  lawnPrograms: readonly LawnProgram[];
  pestPrograms: readonly PestProgram[];
  additionalServices: readonly AdditionalService[];
  offers: readonly Offer[];
  coupons: readonly Coupon[];
}

/** What the CSR picked. */
export interface Selections {
  lawnProgramId?: number | null;
  pestProgramId?: number | null;
  /** Additional service Ids in the order picked; the first of two with one gl_account wins. */
  additionalServiceIds?: readonly number[];
  offerId?: number | null;
  couponCode?: string | null;
  /** For a FreeService offer that leaves the service open: the Id of the (selected) additional service made free. */
  freeServiceId?: number | null;
  /** Bill day of monthly lines other than pest (pest is always the 15th). Default the 1st. */
  billDay?: BillDay | null;
}

/** The discount check boxes; an absent flag takes its default (docs/pricing.md "Discount flags"). */
export interface DiscountFlags {
  /** Default on. Off whenever monthlyPayment is on. */
  prepay?: boolean | null;
  /** Default off, except on for the Preferred Program with a customer who is not an existing customer. */
  callDiscount?: boolean | null;
  /** Pay monthly. Default off. */
  monthlyPayment?: boolean | null;
}

/**
 * The CSR's edits (allowed only to users for whom canEditPricing holds; the caller checks). An edit out of bounds
 * is ignored with a problem.
 */
export interface PriceEdits {
  /** Price of one lawn round, in cents. */
  lawnPrice?: Cents | null;
  /** Lawn rounds sold, 1 to the program's TotalRounds. */
  roundCount?: number | null;
  /** Percent, 0 to 100, at most 2 decimals. */
  callDiscountPercent?: number | null;
  /** Percent, 0 to 100, at most 2 decimals. */
  prepayPercent?: number | null;
}

export interface QuoteInput {
  data: PricingData;
  selections: Selections;
  flags?: DiscountFlags;
  edits?: PriceEdits;
  customer: {
    /** customerType is 'Existing Customer'. */
    isExisting: boolean;
    /** Lawn size; above 24 raises a LAWN_SIZE_ALERT warning. */
    lawnSize?: number | null;
  };
  /** The sale day in the franchise's time zone, 'YYYY-MM-DD'. */
  date: string;
  /** The service year priced; default {@link serviceYearFor}(date). */
  serviceYear?: number | null;
}

/** Which of the four subtotal/tax/total variants the flags choose. */
export type DiscountCase = 'none' | 'prepay' | 'call' | 'combined';

export type LineKind = 'lawn' | 'additional' | 'pestInitial' | 'pestMonthly';

/** What came off a line, step by step, in cents (in the order they compound). */
export interface LineDiscounts {
  offer: Cents;
  preferredPlus: Cents;
  call: Cents;
  prepay: Cents;
  coupon: Cents;
}

/** Monthly billing of an installment line. */
export interface MonthlyBilling {
  /** (extendedPriceSold + tax) / remainMonths, rounded half-up to the cent. */
  amount: Cents;
  /** The last month's amount, so that the months add up to the line's total to the cent. */
  lastAmount: Cents;
  billDay: BillDay;
  firstBillDate: string;
}

/** One line of the order the sale becomes (call-handling.md §3 "Order item"), priced in the chosen case. */
export interface QuoteLine {
  kind: LineKind;
  /** Id of the program or service in the pricing data. */
  itemId: number;
  /** The order item's serviceDefId; 45 for the pest initial payment. */
  serviceDefId: number;
  serviceName: string;
  billingFrequency: BillingFrequency;
  /** List price of one unit (round, month or service). */
  unitPrice: Cents;
  /** Rounds for a lawn program, months for a monthly line, else 1. */
  quantity: number;
  /** unitPrice × quantity. */
  extendedPrice: Cents;
  /** extendedPriceSold / quantity, rounded half-up (the line's amount is extendedPriceSold). */
  unitPriceSold: Cents;
  /** extendedPrice less every discount: what the line sells for, before tax. */
  extendedPriceSold: Cents;
  discounts: LineDiscounts;
  /** Sales tax on extendedPriceSold, rounded half-up. */
  tax: Cents;
  /** extendedPriceSold + tax. */
  total: Cents;
  /** Billed monthly over remainMonths. Never for service 45. */
  installment: boolean;
  /** Months billed, 0 unless installment. */
  remainMonths: number;
  monthly: MonthlyBilling | null;
  /** Made free by the offer (FreeService). */
  free: boolean;
  /** False for service 45: excluded from order-item creation (call-handling.md §4 step 4). */
  orderItem: boolean;
}

/**
 * The sale totals of call-handling.md §3, in cents. The four variants differ only in the call and prepay
 * discounts; offer, Preferred Plus and coupon come off in every variant.
 */
export interface SaleTotals {
  /** Lawn rounds sold. */
  applications: number;
  /** Lawn program list cost: unit price × rounds, before any discount. */
  appCost: Cents;
  /** Tax rate in percent, as in the pricing data (shown with formatPercent). */
  taxRate: number;

  /** No call or prepay discount. */
  subtotal: Cents;
  salesTax: Cents;
  totalCost: Cents;

  /** Prepay discount only. prepayDiscount is the amount it takes off. */
  prepayDiscount: Cents;
  prepaySubTotal: Cents;
  prepaySalesTax: Cents;
  prepayTotal: Cents;

  /** Call discount only. */
  callDiscount: Cents;
  callDiscountSubTotal: Cents;
  callDiscountSalesTax: Cents;
  callDiscountTotal: Cents;

  /** Both: call discount, then prepay discount on what is left. combinedDiscount is the two together. */
  combinedDiscount: Cents;
  combinedSubTotal: Cents;
  combinedSalesTax: Cents;
  combinedTotal: Cents;

  /** The variant the flags choose (= one of the four above). */
  saleSubTotal: Cents;
  saleSalesTax: Cents;
  saleTotal: Cents;

  /** In the chosen variant, before tax: the four buckets add up to saleSubTotal. */
  lawncareTotal: Cents;
  additionalServicesTotal: Cents;
  pestInitialTotal: Cents;
  /** The pest program's monthly line for all months billed (pestMonthlyPrice × months). */
  pestMonthlyTotal: Cents;
  /** The pest program's monthly price after discounts, per month, before tax. */
  pestMonthlyPrice: Cents;

  /** Due at sign-up for the pest program: pestInitialTotal plus its tax. */
  duePestInitialTotal: Cents;
  /** Billed each month: the sum of the installment lines' monthly amounts (tax included). */
  dueMonthlyTotal: Cents;

  /** In the chosen variant: what each kind of discount took off in all. */
  offerDiscount: Cents;
  preferredPlusDiscount: Cents;
  couponDiscount: Cents;
}

export type ProblemCode =
  | 'ZERO_SALE'
  | 'UNKNOWN_LAWN_PROGRAM'
  | 'UNKNOWN_PEST_PROGRAM'
  | 'UNKNOWN_SERVICE'
  | 'NOT_SELECTABLE'
  | 'SERVICE_BLOCKED'
  | 'SERVICE_BUNDLED'
  | 'BUNDLE_ONLY'
  | 'NO_ROUNDS_LEFT'
  | 'UNKNOWN_OFFER'
  | 'OFFER_NOT_APPLICABLE'
  | 'UNKNOWN_COUPON'
  | 'COUPON_NOT_APPLICABLE'
  | 'INVALID_EDIT'
  | 'LAWN_SIZE_ALERT';

/** A reason the quote is not what was asked for; 'error' blocks a sale, 'warning' asks the CSR to look. */
export interface PricingProblem {
  code: ProblemCode;
  severity: 'error' | 'warning';
  message: string;
  /** The program, service, offer or coupon concerned. */
  ref?: number | string;
}

/** How an item shows on the screen. */
export interface ItemState {
  id: number;
  selected: boolean;
  /** Made free by the offer. */
  free: boolean;
  /** Cannot be picked now; reason says why. */
  blocked: boolean;
  /** Included in the selected lawn program. */
  bundled: boolean;
  /** The spec's names (call-handling.md §3): picked or bundled, and `free` as `Free` (spec-names.ts). */
  IncludeInPurchase: boolean;
  Free: boolean;
  reason?: string;
}

export interface OfferState {
  id: number;
  selected: boolean;
  /** Would apply to the current selections; reason says why not. */
  applicable: boolean;
  reason?: string;
}

export interface CouponState {
  code: string;
  found: boolean;
  applied: boolean;
  /** What it took off in the chosen variant. */
  amount: Cents;
  reason?: string;
}

/** Flags after defaults and rules. */
export interface ResolvedFlags {
  prepay: boolean;
  callDiscount: boolean;
  monthlyPayment: boolean;
  /** False while monthly payment is on: the prepay box is disabled. */
  prepayAvailable: boolean;
  /** The call discount came on by itself (Preferred Program, not an existing customer). */
  callDiscountAutomatic: boolean;
}

export interface Quote {
  case: DiscountCase;
  flags: ResolvedFlags;
  /** The percents in force (after edits). */
  rates: { taxRate: number; callDiscountPercent: number; prepayPercent: number };
  totals: SaleTotals;
  /** Lawn program, additional services in the order picked, pest initial payment (45), pest monthly. */
  lines: QuoteLine[];
  serviceYear: number;
  /** Months a monthly line is billed over. */
  months: number;
  /** Lawn rounds: of the program, left this season, sold. Null without a lawn program. */
  rounds: { total: number; remaining: number; sold: number } | null;
  states: {
    lawnPrograms: ItemState[];
    pestPrograms: ItemState[];
    additionalServices: ItemState[];
    offers: OfferState[];
    coupon: CouponState | null;
  };
  problems: PricingProblem[];
}
