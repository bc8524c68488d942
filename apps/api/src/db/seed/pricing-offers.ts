/**
 * The demo's offers and coupons: for each franchise and service year, those of the programs and services it sells.
 */
import type { coupons, offers } from '../schema/index.js';
import { SERVICE, type Sells } from './pricing-catalogue.js';

type OfferRow = typeof offers.$inferInsert;
type CouponRow = typeof coupons.$inferInsert;

/** A franchise's offers of a year, in the order the screen lists them. */
export function offerRows(sqldbid: number, serviceYear: number, sells: Sells): OfferRow[] {
  const base = { sqldbid, serviceYear };
  const list: OfferRow[] = [];
  if (sells.preferred) {
    list.push(
      {
        ...base,
        templateId: 1,
        description: 'First application free',
        pricingRule: 'FreeVisit',
        serviceDefId: SERVICE.Preferred,
        serviceGroup: 'L',
        audience: 'new',
      },
      {
        ...base,
        templateId: 5,
        description: '$25 off the Preferred Program',
        pricingRule: 'Reduce',
        priceRuleValue: '25.00',
        serviceDefId: SERVICE.Preferred,
        serviceGroup: 'L',
      },
      {
        ...base,
        templateId: 2,
        description: '3 applications for the price of 2',
        pricingRule: 'FreeVisit',
        kind: '3-for-2',
        serviceDefId: SERVICE.PreferredPlus,
        serviceGroup: 'L',
      },
    );
  }
  if (sells.economy) {
    list.push({
      ...base,
      templateId: 7,
      description: '2 applications for the price of 1',
      pricingRule: 'FreeVisit',
      kind: '2-for-1',
      serviceDefId: SERVICE.Economy,
      serviceGroup: 'L',
      audience: 'new',
    });
  }
  list.push(
    {
      ...base,
      templateId: 3,
      description: 'Free grub control',
      pricingRule: 'FreeService',
      serviceDefId: SERVICE.Grub,
      serviceGroup: 'A',
    },
    {
      ...base,
      templateId: 4,
      description: 'Core aeration for $99',
      pricingRule: 'Priced',
      priceRuleValue: '99.00',
      serviceDefId: SERVICE.CoreAeration,
      serviceGroup: 'A',
    },
    {
      ...base,
      templateId: 6,
      description: '15% off aeration & overseeding',
      pricingRule: 'Reduce',
      kind: 'percent-off',
      priceRuleValue: '15.00',
      serviceDefId: SERVICE.Overseeding,
      serviceGroup: 'A',
    },
    {
      ...base,
      templateId: 8,
      description: 'One additional service free',
      pricingRule: 'FreeService',
      serviceDefId: 0,
      serviceGroup: 'A',
      audience: 'existing',
    },
  );
  return list.map((o, i) => ({ ...o, sortOrder: i }));
}

/** A franchise's coupons of a year. */
export function couponRows(sqldbid: number, serviceYear: number, sells: Sells): CouponRow[] {
  const base = { sqldbid, serviceYear };
  const list: CouponRow[] = [];
  list.push({ ...base, couponCode: 'SAVE20', couponTypeId: 1, description: '$20 off', value: '20.00' });
  list.push({
    ...base,
    couponCode: 'SPRING10',
    couponTypeId: 1,
    description: '10% off',
    value: '10.00',
    isPercent: true,
  });
  list.push({
    ...base,
    couponCode: 'GRUB10',
    couponTypeId: 2,
    serviceId: SERVICE.Grub,
    description: '10% off grub control',
    value: '10.00',
    isPercent: true,
  });
  if (sells.preferred) {
    list.push({
      ...base,
      couponCode: 'PREF15',
      couponTypeId: 3,
      serviceId: SERVICE.Preferred,
      description: '$15 off the Preferred Program',
      value: '15.00',
    });
  }
  if (sells.pest) {
    list.push({
      ...base,
      couponCode: 'PEST50',
      couponTypeId: 1,
      serviceId: SERVICE.PestInitial,
      description: '$50 off the pest initial payment',
      value: '50.00',
    });
  }
  return list;
}
