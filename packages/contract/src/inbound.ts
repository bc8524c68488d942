import { z } from './zod.js';
import { Id, INT4_MAX, INT4_MIN, line } from './common.js';

const text = (max: number) => line(max).optional().default('');

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
    .refine((v) => v === '' || /^-?\d{1,10}$/.test(v), 'must be a whole number')
    .refine((v) => v === '' || (Number(v) >= INT4_MIN && Number(v) <= INT4_MAX), 'is not a customer number'),
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

/** Matches above this count are not returned: the screen asks the CSR to refine the search (decision 003). */
export const INBOUND_ROW_LIMIT = 500;
/** The result grid's page sizes (call-handling.md §9); the first is the default. */
export const INBOUND_PAGE_SIZES = [25, 50, 100] as const;
/** The grid columns the server can sort and filter the matches by. */
export const INBOUND_GRID_COLUMNS = [
  'Branch',
  'AccountNo',
  'Name',
  'Address',
  'City',
  'State',
  'Zip',
  'Phone',
  'CustomerType',
] as const;
export type InboundGridColumn = (typeof INBOUND_GRID_COLUMNS)[number];

/** Column filters of the result grid: each keeps the matches whose column contains the text (any case). */
export const InboundFilters = z
  .object(Object.fromEntries(INBOUND_GRID_COLUMNS.map((column) => [column, line(100).optional()])))
  .strict() as z.ZodObject<Record<InboundGridColumn, z.ZodOptional<z.ZodString>>>;
export type InboundFilters = z.input<typeof InboundFilters>;

/**
 * The search call's body: the criteria object, and which page of the matches to answer (decision 015). The
 * server sorts and filters all the matches, then answers one page: a call with the criteria alone gets the
 * first page of 25, sorted by branch and customer number, as the grid first shows it.
 */
export const InboundSearchRequest = InboundCriteria.extend({
  page: z.number().int().min(1).max(INBOUND_ROW_LIMIT).optional().default(1),
  pageSize: z.number().int().min(1).max(INBOUND_ROW_LIMIT).optional().default(INBOUND_PAGE_SIZES[0]),
  sort: z.enum(INBOUND_GRID_COLUMNS).optional().default('Branch'),
  dir: z.enum(['asc', 'desc']).optional().default('asc'),
  filters: InboundFilters.optional().default({}),
});
export type InboundSearchRequest = z.input<typeof InboundSearchRequest>;

/** Which page of a search's matches, in which order and through which filters: the body beside the criteria. */
export type InboundSearchView = Pick<
  z.output<typeof InboundSearchRequest>,
  'page' | 'pageSize' | 'sort' | 'dir' | 'filters'
>;
/** The grid's first view, what a body with the criteria alone gets: page 1 of 25, by branch then customer number. */
export const INBOUND_FIRST_VIEW: InboundSearchView = InboundSearchRequest.pick({
  page: true,
  pageSize: true,
  sort: true,
  dir: true,
  filters: true,
}).parse({});

export const InboundSearchResponse = z.object({
  /** The page asked for, of the matches that pass the column filters. */
  rows: z.array(InboundRow),
  /** Customers matching the criteria; when above `limit`, `rows` is empty and the screen asks to refine. */
  total: z.number().int(),
  limit: z.number().int(),
  overLimit: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matches that pass the column filters (all the matches without filters; 0 over the limit). */
  rowCount: z.number().int(),
});
export type InboundSearchResponse = z.infer<typeof InboundSearchResponse>;

export const ValidateZipRequest = z.object({
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-?\d{4})?$/, 'must be a 5-digit zip code (or zip+4)'),
  sqldbid: Id.optional(),
  branchno: line(10).optional(),
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
  input: line(120).min(1, 'type part of the address'),
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
  .object({ sqldbid: Id.optional(), branchno: line(10).optional() })
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
export const FranchiseLookupQuery = z.object({ prefix: line(10).optional().default('') });
export const FranchiseLookupResponse = z.object({ franchises: z.array(FranchiseSummary) });
