/**
 * Pricing calls (call-handling.md §3 "Pricing data", §7): the pricing data of a customer, the franchise's price
 * list, offers and coupons (the server's quote: pricing-quote.ts). Money is integer cents, as in the pricing engine of @cc/domain;
 * percents are plain numbers (7.25 means 7.25 %).
 */
import { z } from './zod.js';
import { Id as PositiveId, IdParam } from './common.js';
import { Cents, CustomerNo, Id, LawnSize, ServiceYear, Sqldbid, Zip } from './pricing-fields.js';

// ---- The engine's pricing data (PricingData of @cc/domain) ----

export const FranchisePricingSchema = z.object({
  TaxRate: z.number(),
  CallDiscount: z.number(),
  PrePayDiscount: z.number(),
  FirstAppTime: z.string().nullable(),
});

export const LawnProgramSchema = z.object({
  Id,
  ServiceDefId: Id,
  ServiceName: z.string(),
  /** Cents per round, for the lawn size asked. */
  FinalPrice: Cents,
  TotalRounds: z.number().int(),
  /** Rounds left this season, from today's date and FirstAppTime. */
  RemainRounds: z.number().int().nullable(),
  gl_account: z.string().nullable(),
  ServicePricePlus: Cents.nullable(),
  ServiceNamePlus: z.string().nullable(),
  PreferredPlusServiceDiscount: z.number().nullable(),
  linkedServiceDefId: Id.nullable(),
  /** Ids of the additional services included in the program. */
  bundledServices: z.array(Id),
});

export const PestProgramSchema = z.object({
  Id,
  ServiceDefId: Id,
  ServiceName: z.string(),
  InitialPayment: Cents,
  InitialFee: Cents.nullable(),
  /** Cents per month. */
  FinalPrice: Cents,
  fk_BillingFrequencyID: z.literal(2),
});

export const AdditionalServiceSchema = z.object({
  Id,
  ServiceDefId: Id,
  ServiceName: z.string(),
  /** Cents; per month when billed monthly. */
  FinalPrice: Cents,
  gl_account: z.string().nullable(),
  fk_BillingFrequencyID: z.union([z.literal(1), z.literal(2)]),
  serviceGroup: z.literal('A'),
  bundleOnly: z.boolean(),
});

export const OfferSchema = z.object({
  id: Id,
  description: z.string(),
  pricingRule: z.enum(['FreeVisit', 'FreeService', 'Priced', 'Reduce']),
  /** Cents for Priced and Reduce, the percent for percent-off. */
  priceRuleValue: z.number(),
  kind: z.enum(['free-visit', '2-for-1', '3-for-2', 'percent-off']).nullable(),
  templateId: Id.nullable(),
  serviceDefinition: z.object({ id: Id, serviceGroup: z.enum(['L', 'A']) }),
  serviceDfnId: Id.nullable(),
});

export const CouponSchema = z.object({
  CouponCode: z.string(),
  CouponID: Id.nullable(),
  CouponTypeID: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  ServiceId: Id.nullable(),
  Description: z.string().nullable(),
  /** Cents, or the percent when IsPercent. */
  Value: z.number(),
  IsPercent: z.boolean(),
});

export const PricingDataSchema = z.object({
  franchise: FranchisePricingSchema,
  lawnPrograms: z.array(LawnProgramSchema),
  pestPrograms: z.array(PestProgramSchema),
  additionalServices: z.array(AdditionalServiceSchema),
  offers: z.array(OfferSchema),
  coupons: z.array(CouponSchema),
});
/** The engine's PricingData as the API sends it: every optional field present (null when empty). */
export type PricingDataPayload = z.infer<typeof PricingDataSchema>;

// ---- POST /api/customer/pricing ----

export const PricingRequest = z.object({
  sqldbid: Sqldbid,
  zip: Zip,
  /** Lawn size in thousands of square feet: prices are those of its bracket. */
  size: LawnSize,
  /** The customer; 0 (a new prospect) or -1 (unknown) price for the franchise alone. */
  customerNo: CustomerNo,
  pricingYear: ServiceYear,
});
export type PricingRequest = z.input<typeof PricingRequest>;

/** The spec's item flags (call-handling.md §3); in the pricing data nothing is chosen yet, so all are false. */
const SpecItemFlagsSchema = z.object({
  IncludeInPurchase: z.boolean(),
  selected: z.boolean(),
  Free: z.boolean(),
  blocked: z.boolean(),
  bundled: z.boolean(),
});
const SpecLawnProgram = LawnProgramSchema.merge(SpecItemFlagsSchema);
const SpecPestProgram = PestProgramSchema.merge(SpecItemFlagsSchema);
const SpecAdditionalService = AdditionalServiceSchema.merge(SpecItemFlagsSchema);

export const PricingResponse = PricingDataSchema.extend({
  lawnPrograms: z.array(SpecLawnProgram),
  pestPrograms: z.array(SpecPestProgram),
  additionalServices: z.array(SpecAdditionalService),
  /** The spec's names alongside the engine's: `franchise` as `franchiseData`, every item in `services`. */
  franchiseData: FranchisePricingSchema,
  services: z.array(
    z.discriminatedUnion('serviceGroup', [
      SpecLawnProgram.extend({ serviceGroup: z.literal('L') }),
      SpecPestProgram.extend({ serviceGroup: z.literal('P') }),
      SpecAdditionalService,
    ]),
  ),
  /** The additional services sold only with a lawn program (bundleOnly). */
  bundleOnlyServices: z.array(SpecAdditionalService),
  sqldbid: z.number().int(),
  customerNo: z.number().int(),
  /** The service year asked for. */
  serviceYear: z.number().int(),
  /** The year whose price list is used: the one asked for, or the latest before it when none is published yet. */
  priceListYear: z.number().int(),
  lawnSize: z.number(),
  /** Today in the franchise's time zone, 'YYYY-MM-DD': the date the quote is priced on. */
  date: z.string(),
  customerType: z.string(),
  /** customerType is 'Existing Customer' (the Preferred Program's automatic call discount is for the others). */
  isExisting: z.boolean(),
  /** The franchise takes monthly installments (billing application 1, payment 4). */
  monthlyPaymentAvailable: z.boolean(),
  franchiseInfo: z.object({ compName: z.string(), designation: z.string(), timeZone: z.string() }),
});
export type PricingResponse = z.infer<typeof PricingResponse>;

// ---- Price list look-ups ----

export const CurrentServiceYearResponse = z.object({
  serviceYear: z.number().int(),
  /** Today in America/Chicago. */
  date: z.string(),
});

export const PriceListEntry = z.object({
  Id,
  ServiceDefId: Id,
  ServiceName: z.string(),
  serviceGroup: z.enum(['L', 'P', 'A']),
  gl_account: z.string(),
  fk_BillingFrequencyID: z.union([z.literal(1), z.literal(2)]),
  ServiceCode: z.string(),
});
export type PriceListEntry = z.infer<typeof PriceListEntry>;

export const FranchiseYearRequest = z.object({ sqldbid: Sqldbid, serviceYear: ServiceYear });
export const BundleServicesByProgramRequest = FranchiseYearRequest.extend({ programId: PositiveId });
export const BillingFrequencyRequest = FranchiseYearRequest.extend({ serviceDefId: PositiveId });
export const BillingFrequencyResponse = z.object({
  ServiceDefId: Id,
  fk_BillingFrequencyID: z.union([z.literal(1), z.literal(2)]),
  BillingFrequency: z.string(),
});
export const ServiceDefIdRequest = z.object({ sqldbid: Sqldbid, Id: PositiveId });
export const ServiceDefIdResponse = z.object({
  Id,
  ServiceDefId: Id,
  ServiceName: z.string(),
  serviceYear: z.number().int(),
});

export const CustomerYearRequest = z.object({
  sqldbid: Sqldbid,
  customerNo: CustomerNo,
  serviceYear: ServiceYear,
});
export const CustomerOffersResponse = z.array(OfferSchema);

export const CustomerRecommendationsRequest = CustomerYearRequest.extend({ size: LawnSize.optional() });
export const Recommendation = z.object({
  Id,
  ServiceDefId: Id,
  ServiceName: z.string(),
  serviceGroup: z.enum(['L', 'P', 'A']),
  /** Cents at the lawn size (per round for a program, per month when billed monthly). */
  FinalPrice: Cents,
  reason: z.string(),
});
export const CustomerRecommendationsResponse = z.array(Recommendation);

export const CustomerService = z.object({
  orderId: z.number().int(),
  orderType: z.string(),
  orderStatus: z.string(),
  ServiceDefId: Id,
  ServiceName: z.string(),
  serviceGroup: z.enum(['L', 'P', 'A']).nullable(),
  rounds: z.number().int(),
  quantity: z.number().int(),
  /** Cents. */
  unitPrice: Cents,
  extendedPriceSold: Cents,
  installment: z.boolean(),
});
export const CustomerServicesResponse = z.array(CustomerService);

export const ServiceDescRequest = z.object({
  sqldbid: Sqldbid,
  serviceDefIds: z.array(PositiveId).max(100).optional(),
});
export const ServiceDescResponse = z.array(
  z.object({ ServiceDefId: Id, ServiceName: z.string(), serviceGroup: z.string(), Description: z.string() }),
);

export const BillingPaymentRequest = z.object({
  SQLDBID: Sqldbid,
  billingAppType: PositiveId.optional().default(1),
  paymentId: PositiveId.optional().default(4),
});
export const BillingPaymentResponse = z.object({
  SQLDBID: z.number().int(),
  billingAppType: z.number().int(),
  paymentId: z.number().int(),
  paymentName: z.string(),
  enabled: z.boolean(),
});

export const FranchiseYearParams = z.object({
  sqldbid: IdParam,
  serviceYear: z.coerce.number().pipe(ServiceYear),
});
export const FranchiseYearInfo = z.object({
  sqldbid: z.number().int(),
  serviceYear: z.number().int(),
  priceListYear: z.number().int(),
  compName: z.string(),
  designation: z.string(),
  timeZone: z.string(),
  franchiseData: FranchisePricingSchema,
  hasPreferredProgram: z.boolean(),
  hasEconomyProgram: z.boolean(),
  hasPestProgram: z.boolean(),
  monthlyPaymentAvailable: z.boolean(),
});
export type FranchiseYearInfo = z.infer<typeof FranchiseYearInfo>;
