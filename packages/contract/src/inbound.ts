import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max).optional().default('');

/** The inbound search criteria object (call-handling.md §2). Empty strings mean "not given". */
export const InboundCriteria = z.object({
  firstname: text(50),
  lastname: text(50),
  phone: text(30),
  email: text(100),
  cust_no: z
    .union([z.string().trim().max(12), z.number().int()])
    .optional()
    .default('')
    .transform((v) => String(v))
    .refine((v) => v === '' || /^-?\d{1,10}$/.test(v), 'must be a whole number'),
  branchno: text(10),
  streetno: text(12),
  streetnm: text(60),
  city: text(50),
  state: text(2),
  zip: text(10),
  fulladdress: text(200),
});
export type InboundCriteria = z.input<typeof InboundCriteria>;

/** One row of the inbound result grid (the inbound row of call-handling.md §3). */
export const InboundRow = z.object({
  Branch: z.string(),
  AccountNo: z.number().int(),
  Name: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Address: z.string(),
  City: z.string(),
  State: z.string(),
  Zip: z.string(),
  Phone: z.string(),
  CustomerType: z.string(),
  SQLDBID: z.number().int(),
  CallOrigin: z.string(),
});
export type InboundRow = z.infer<typeof InboundRow>;

export const InboundSearchResponse = z.object({
  rows: z.array(InboundRow),
  /** Rows matching the criteria; when above `limit`, `rows` is empty and the screen asks to refine. */
  total: z.number().int(),
  limit: z.number().int(),
  overLimit: z.boolean(),
});
export type InboundSearchResponse = z.infer<typeof InboundSearchResponse>;

export const ValidateZipRequest = z.object({
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-?\d{4})?$/, 'must be a 5-digit zip code (or zip+4)'),
  sqldbid: z.number().int().positive().optional(),
  branchno: z.string().trim().max(10).optional(),
});
export type ValidateZipRequest = z.input<typeof ValidateZipRequest>;

export const FranchiseSummary = z.object({
  branchNo: z.string(),
  sqldbid: z.number().int(),
  compName: z.string(),
  designation: z.enum(['IND', 'COF']),
  city: z.string(),
  state: z.string(),
});
export type FranchiseSummary = z.infer<typeof FranchiseSummary>;

export const ValidateZipResponse = z.object({
  isValid: z.boolean(),
  zip: z.string(),
  /** The branches in the caller's scope that serve the zip. */
  servicedBy: z.array(FranchiseSummary),
});
export type ValidateZipResponse = z.infer<typeof ValidateZipResponse>;

export const AutocompleteRequest = z.object({
  input: z.string().trim().min(1, 'type part of the address').max(120),
  limit: z.number().int().min(1).max(20).optional().default(10),
});
export const AddressSuggestion = z.object({
  fulladdress: z.string(),
  streetno: z.string(),
  streetnm: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;
export const AutocompleteResponse = z.object({ suggestions: z.array(AddressSuggestion) });

export const StreetParts = z.object({
  preDir: text(4),
  streetNo: text(12),
  streetNm: text(60),
  suffix: text(10),
  postDir: text(4),
  city: text(50),
  state: text(2),
  zip: text(10),
});
export type StreetParts = z.input<typeof StreetParts>;
export const FormatAddressResponse = z.object({ address: z.string(), fulladdress: z.string(), zip: z.string() });

export const CompanyInfoRequest = z
  .object({ sqldbid: z.number().int().positive().optional(), branchno: z.string().trim().max(10).optional() })
  .refine((v) => v.sqldbid !== undefined || (v.branchno ?? '') !== '', {
    message: 'give sqldbid or branchno',
    path: ['sqldbid'],
  });
export const CompanyInfoResponse = z.object({
  sqldbid: z.number().int(),
  compName: z.string(),
  designation: z.enum(['IND', 'COF']),
  timeZone: z.string(),
  brandId: z.number().int(),
  branches: z.array(FranchiseSummary),
  serviceZips: z.array(z.string()),
});
export type CompanyInfoResponse = z.infer<typeof CompanyInfoResponse>;

/** Franchises (branches) in the caller's scope whose branch number starts with `prefix`. */
export const FranchiseLookupQuery = z.object({ prefix: z.string().trim().max(10).optional().default('') });
export const FranchiseLookupResponse = z.object({ franchises: z.array(FranchiseSummary) });
