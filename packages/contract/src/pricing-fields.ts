/** The fields the pricing calls share (pricing.ts, pricing-quote.ts); not part of the contract's exports. */
import { z } from './zod.js';
import { Id as PositiveId, int4 } from './common.js';

export const Id = z.number().int();
export const Cents = z.number().int().min(0);
export const Sqldbid = PositiveId;
export const CustomerNo = int4(-1);
export const ServiceYear = z
  .number()
  .int()
  .min(2000, 'must be a year from 2000 to 2100')
  .max(2100, 'must be a year from 2000 to 2100');
export const LawnSize = z.number().min(0, 'cannot be negative').max(1000, 'must be at most 1000 (thousand sq ft)');
export const Zip = z
  .string()
  .trim()
  .regex(/^(\d{5}(-?\d{4})?|N\/A)?$/i, 'must be a 5-digit zip code, zip+4 or N/A')
  .optional()
  .default('');
