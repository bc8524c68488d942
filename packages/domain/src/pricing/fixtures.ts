/**
 * Pricing data of one made-up franchise, used by the tests, the worked examples of docs/pricing.md and the
 * benchmark. Not exported from the package.
 */
import type { PricingData, QuoteInput } from './types.js';

export const FRANCHISE_DATA: PricingData = {
  franchise: { TaxRate: 7.25, CallDiscount: 10, PrePayDiscount: 5, FirstAppTime: '03-15' },
  lawnPrograms: [
    {
      Id: 1,
      ServiceDefId: 101,
      ServiceName: 'Preferred Program',
      FinalPrice: 4500,
      TotalRounds: 6,
      gl_account: '4000',
    },
    { Id: 2, ServiceDefId: 102, ServiceName: 'Economy Program', FinalPrice: 3800, TotalRounds: 5, gl_account: '4000' },
    {
      Id: 3,
      ServiceDefId: 103,
      ServiceName: 'Preferred Plus Grub',
      FinalPrice: 5200,
      TotalRounds: 6,
      gl_account: '4000',
      ServiceNamePlus: 'Grub Control',
      ServicePricePlus: 8900,
      PreferredPlusServiceDiscount: 20,
      linkedServiceDefId: 201,
    },
  ],
  pestPrograms: [
    {
      Id: 1,
      ServiceDefId: 301,
      ServiceName: 'Pest Control Program',
      InitialPayment: 9900,
      InitialFee: 14900,
      FinalPrice: 4500,
      fk_BillingFrequencyID: 2,
    },
  ],
  additionalServices: [
    { Id: 11, ServiceDefId: 201, ServiceName: 'Grub Control', FinalPrice: 8900, gl_account: '4100' },
    { Id: 12, ServiceDefId: 202, ServiceName: 'Core Aeration', FinalPrice: 12900, gl_account: '4200' },
    { Id: 13, ServiceDefId: 203, ServiceName: 'Aeration & Overseeding', FinalPrice: 24900, gl_account: '4200' },
    {
      Id: 14,
      ServiceDefId: 204,
      ServiceName: 'Mosquito Control',
      FinalPrice: 3900,
      gl_account: '4300',
      fk_BillingFrequencyID: 2,
    },
    {
      Id: 15,
      ServiceDefId: 205,
      ServiceName: 'Tree & Shrub Care',
      FinalPrice: 6500,
      gl_account: '4400',
      bundleOnly: true,
    },
    { Id: 16, ServiceDefId: 45, ServiceName: 'Pest Initial Payment', FinalPrice: 9900, gl_account: '4500' },
  ],
  offers: [
    {
      id: 1,
      description: 'First application free',
      pricingRule: 'FreeVisit',
      priceRuleValue: 0,
      serviceDefinition: { id: 101, serviceGroup: 'L' },
    },
    {
      id: 2,
      description: '3 applications for the price of 2',
      pricingRule: 'FreeVisit',
      priceRuleValue: 0,
      kind: '3-for-2',
      serviceDefinition: { id: 101, serviceGroup: 'L' },
    },
    {
      id: 3,
      description: 'Free grub control',
      pricingRule: 'FreeService',
      priceRuleValue: 0,
      serviceDefinition: { id: 201, serviceGroup: 'A' },
    },
    {
      id: 4,
      description: 'Core aeration for $99',
      pricingRule: 'Priced',
      priceRuleValue: 9900,
      serviceDefinition: { id: 202, serviceGroup: 'A' },
    },
    {
      id: 5,
      description: '$25 off the Preferred Program',
      pricingRule: 'Reduce',
      priceRuleValue: 2500,
      serviceDefinition: { id: 101, serviceGroup: 'L' },
    },
    {
      id: 6,
      description: '15% off core aeration',
      pricingRule: 'Reduce',
      priceRuleValue: 15,
      kind: 'percent-off',
      serviceDefinition: { id: 202, serviceGroup: 'A' },
    },
    {
      id: 7,
      description: '2 applications for the price of 1',
      pricingRule: 'FreeVisit',
      priceRuleValue: 0,
      kind: '2-for-1',
      serviceDefinition: { id: 102, serviceGroup: 'L' },
    },
    {
      id: 8,
      description: 'One additional service free',
      pricingRule: 'FreeService',
      priceRuleValue: 0,
      serviceDefinition: { id: 0, serviceGroup: 'A' },
    },
  ],
  coupons: [
    { CouponCode: 'SAVE20', CouponTypeID: 1, ServiceId: null, Value: 2000, Description: '$20 off' },
    { CouponCode: 'PEST50', CouponTypeID: 1, ServiceId: 45, Value: 5000, Description: '$50 off the pest start' },
    { CouponCode: 'GRUB10', CouponTypeID: 2, ServiceId: 201, Value: 10, IsPercent: true, Description: '10% off grub' },
    { CouponCode: 'PREF15', CouponTypeID: 3, ServiceId: 101, Value: 1500, Description: '$15 off Preferred' },
    { CouponCode: 'TENPCT', CouponTypeID: 1, ServiceId: null, Value: 10, IsPercent: true, Description: '10% off' },
  ],
};

/** An existing customer on 1 March 2025 (before the first application: all 6 rounds left; 9 months to bill) with the Preferred Program. */
export const BASE_INPUT: QuoteInput = {
  data: FRANCHISE_DATA,
  selections: { lawnProgramId: 1 },
  customer: { isExisting: true },
  date: '2025-03-01',
};

/** BASE_INPUT with some fields replaced (selections, flags and edits merged one level deep). */
export function input(over: Partial<QuoteInput> = {}): QuoteInput {
  return {
    ...BASE_INPUT,
    ...over,
    selections: { ...BASE_INPUT.selections, ...over.selections },
    flags: { ...BASE_INPUT.flags, ...over.flags },
    edits: { ...BASE_INPUT.edits, ...over.edits },
  };
}
