/**
 * MeasureIt search, statistics, not-measured reasons on a selection and custom search lists (administration.md §2,
 * §3, §5, §7, §9; decision 041). The search's filters are one object (`MeasureItSearchFilter`) that every
 * call of the search screen sends the same way: the POST list and count, the OData grid and the statistics.
 */
import { z } from './zod.js';
import { CalendarDay, Id, int4Param, line, multiline } from './common.js';

/** §9: the grid's page sizes (server paging and sorting). */
export const MEASUREIT_GRID_SIZES = [25, 500, 1000, 1500] as const;
export const MEASUREIT_DEFAULT_TOP = 25;
/** The most rows one request may ask for (the grid's largest page). */
export const MEASUREIT_MAX_TOP = 1500;
/** §9: proximity options 0 to 10 and 99. */
export const MEASUREIT_PROXIMITIES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 99] as const;
/** The search counts its matches up to this many by default; past it the answer says "more than" (decision 039). */
export const MEASUREIT_SEARCH_COUNT_LIMIT = 10_000;
/** The most zips one search may name. */
export const MEASUREIT_MAX_ZIPS = 500;

/**
 * §2's modes. Unmeasured: not yet measured (no size, no reason); NotMeasured: closed with a not-measured reason;
 * Measured: measured with a size; Both: every property whatever its state (decision 041).
 */
export const MeasureItMode = z.enum(['Unmeasured', 'NotMeasured', 'Measured', 'Both'], {
  error: 'must be Unmeasured, NotMeasured, Measured or Both',
});
export type MeasureItMode = z.infer<typeof MeasureItMode>;

const Zip5 = z.string().regex(/^\d{5}$/, 'must be five digits');
const Proximity = z
  .number()
  .int('must be a whole number')
  .refine((n) => (MEASUREIT_PROXIMITIES as readonly number[]).includes(n), 'must be 0 to 10 or 99');

/**
 * The search's filters. `branchNo` null is the spec's 'None' (a user without a franchise): every branch of the
 * user's scope. `proximity`: neighbours at most that far (99: every neighbour; customers' own properties have no
 * proximity and are kept). A status-date range keeps New Neighbors (neighbours with a status date in it).
 */
export const MeasureItSearchFilter = z
  .object({
    branchNo: line(20).nullable().default(null),
    zips: z.array(Zip5).max(MEASUREIT_MAX_ZIPS, `must name at most ${MEASUREIT_MAX_ZIPS} zips`).default([]),
    mode: MeasureItMode.default('Unmeasured'),
    proximity: Proximity.optional(),
    statusDateFrom: CalendarDay.optional(),
    statusDateTo: CalendarDay.optional(),
    customSearchListId: Id.optional(),
  })
  .refine((f) => !f.statusDateFrom || !f.statusDateTo || f.statusDateFrom <= f.statusDateTo, {
    path: ['statusDateTo'],
    message: 'must not be before statusDateFrom',
  });
export type MeasureItSearchFilter = z.input<typeof MeasureItSearchFilter>;

/** A row of the search grid (§2's columns, and what the map and the Select button need). */
export const MeasureItPropertyRow = z.object({
  propertyId: z.number().int(),
  sqldbid: z.number().int(),
  /** The customer's number; null for a neighbour (see neighborOfCustNo). */
  custNo: z.number().int().nullable(),
  neighborOfCustNo: z.number().int().nullable(),
  branchNo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  /** As stored: five or nine digits, no dash. The screen shows it with `displayZip` (@cc/domain): 5-4. */
  zip: z.string(),
  /** Shown as Prox. */
  yearBuilt: z.number().int().nullable(),
  proximity: z.number().int().nullable(),
  squareFeet: z.number().nullable(),
  /** New Neighbor: 'YYYY-MM-DD' or null. */
  statusDate: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  isNeighbor: z.boolean(),
  complete: z.boolean(),
  notMeasuredReasonId: z.number().int().nullable(),
  notMeasuredReason: z.string(),
  /** Another user holds the measurement lock (not lapsed): the Select button says so. */
  beingMeasured: z.boolean(),
  /** 'YYYY-MM-DD HH:mm:ss' in America/Chicago, or null. */
  measurementDate: z.string().nullable(),
  /** The saved measurement's static image (the property's ImagePath), or '' when there is none; not sortable. */
  imagePath: z.string(),
});
export type MeasureItPropertyRow = z.infer<typeof MeasureItPropertyRow>;

/** The fields $filter and $orderby may name: every property of a row. */
export const MEASUREIT_SEARCH_FIELDS = Object.keys(MeasureItPropertyRow.shape) as (keyof MeasureItPropertyRow)[];

const skip = (coerce: boolean) =>
  (coerce ? z.coerce.number({ error: 'must be a whole number' }) : z.number({ error: 'must be a whole number' }))
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(2_000_000_000, 'must be at most 2000000000')
    .default(0);
const top = (coerce: boolean) =>
  (coerce ? z.coerce.number({ error: 'must be a whole number' }) : z.number({ error: 'must be a whole number' }))
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(MEASUREIT_MAX_TOP, `must be at most ${MEASUREIT_MAX_TOP}`)
    .default(MEASUREIT_DEFAULT_TOP);

/** POST GetPropertyList: the filters, then a page: `orderBy` in $orderby's grammar ('lastName desc,zip'). */
export const MeasureItPropertyListRequest = z.object({
  filter: MeasureItSearchFilter,
  skip: skip(false),
  top: top(false),
  orderBy: multiline(500).optional(),
});
export type MeasureItPropertyListRequest = z.input<typeof MeasureItPropertyListRequest>;
export const MeasureItPropertyListResponse = z.object({ rows: z.array(MeasureItPropertyRow) });

export const MeasureItPropertyCountRequest = z.object({ filter: MeasureItSearchFilter });
/** `count` exact when `moreThan` is false; otherwise at least `count` (the count limit). */
export const MeasureItPropertyCountResponse = z.object({ count: z.number().int(), moreThan: z.boolean() });

/** GET /api/odata/GetMeasureItProperties: the filters as query parameters (zips comma-separated) and OData's. */
export const MeasureItODataQuery = z.object({
  branchNo: line(20).optional(),
  zips: z
    .string()
    .max(6 * MEASUREIT_MAX_ZIPS, 'is too long')
    .optional(),
  mode: MeasureItMode.optional(),
  proximity: int4Param(0, 99).optional(),
  statusDateFrom: CalendarDay.optional(),
  statusDateTo: CalendarDay.optional(),
  customSearchListId: int4Param(1).optional(),
  $filter: multiline(4000).optional(),
  $orderby: multiline(500).optional(),
  $skip: skip(true),
  $top: top(true),
  $count: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});
export type MeasureItODataQuery = z.input<typeof MeasureItODataQuery>;
export const MeasureItODataResponse = z.object({
  value: z.array(MeasureItPropertyRow),
  '@odata.count': z.number().int().optional(),
  '@cc.countMoreThan': z.number().int().optional(),
});
export type MeasureItODataResponse = z.infer<typeof MeasureItODataResponse>;

/** GetFranchises: the branches the user may search, the one preselected, and whether the user may pick another. */
export const MeasureItFranchisesResponse = z.object({
  franchises: z.array(
    z.object({ branchNo: z.string(), sqldbid: z.number().int(), compName: z.string(), designation: z.string() }),
  ),
  /** The user's own branch (its first in scope), which an independent-franchise user starts on; null: none. */
  preselected: z.string().nullable(),
  /**
   * An independent-franchise user: it searches one of its own franchises (`franchises`) at a time, `preselected`
   * unless it picks another of them; never every franchise at once, and a branch not among them means `preselected`.
   */
  ownOnly: z.boolean(),
  /** The user cannot pick another franchise than `preselected` (an independent franchise with one branch). */
  locked: z.boolean(),
  /** The user has no franchise: the screen offers 'None' (branchNo null) with a warning (§5). */
  noFranchise: z.boolean(),
});

export const MeasureItZipCodesRequest = z.object({ branchNo: line(20).nullable().default(null) });
export const MeasureItZipCodesResponse = z.object({
  zips: z.array(z.object({ zip: z.string(), properties: z.number().int() })),
});

/** §3's measurement statistics, for the chosen franchise and zips (totals: the whole franchise, every zip). */
export const PitStatistics = z.object({
  propertiesMeasured: z.number().int(),
  propertiesUnmeasured: z.number().int(),
  propertiesNotMeasured: z.number().int(),
  neighborsMeasured: z.number().int(),
  neighborsUnmeasured: z.number().int(),
  totalPropertiesMeasured: z.number().int(),
  totalNeighborsMeasured: z.number().int(),
  notMeasuredNeighbors: z.number().int(),
});
export type PitStatistics = z.infer<typeof PitStatistics>;
export const PitStatisticsRequest = z.object({
  branchNo: line(20).nullable().default(null),
  zips: z.array(Zip5).max(MEASUREIT_MAX_ZIPS, `must name at most ${MEASUREIT_MAX_ZIPS} zips`).default([]),
});

/** Apply a not-measured reason to a selection (§2): at most a page of the grid at once. */
export const ApplyNotMeasuredReasonRequest = z.object({
  propertyIds: z
    .array(Id)
    .min(1, 'must name at least one property')
    .max(MEASUREIT_MAX_TOP, `must name at most ${MEASUREIT_MAX_TOP} properties`),
  notMeasuredReasonId: Id,
  /** The screen's id of this apply: a retry records no second history row. */
  requestId: z.uuid('must be a uuid'),
});
export type ApplyNotMeasuredReasonRequest = z.input<typeof ApplyNotMeasuredReasonRequest>;
/**
 * applied: rows now not measured with the reason; skippedLocked: rows another user is measuring; skippedMeasured:
 * rows measured with a size (a reason never replaces a measurement); notFound: ids not found in the user's scope.
 */
export const ApplyNotMeasuredReasonResponse = z.object({
  applied: z.number().int(),
  skippedLocked: z.number().int(),
  skippedMeasured: z.number().int(),
  notFound: z.number().int(),
});
export const APPLY_REASON_SUCCESS = 'Not Measured Reason was successfully applied to selection';
export const APPLY_REASON_CANCELLED = 'Apply-To-Selection Cancelled...';
export const APPLY_REASON_FAILED = 'Ooops! their was a problem applying Not Measured Reason to selection...';

/** Custom search lists (§5, §7). */
export const CustomSearchList = z.object({
  listId: z.number().int(),
  name: z.string(),
  ownerUserId: z.number().int(),
  ownerName: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' in America/Chicago. */
  createdAt: z.string(),
  /** Rows of the list in the caller's scope. */
  rows: z.number().int(),
});
export const CustomSearchListsResponse = z.object({ lists: z.array(CustomSearchList) });
export const CustomSearchListIdRequest = z.object({ listId: Id });
export const RenameCustomSearchListRequest = z.object({ listId: Id, name: line(100).min(1, 'is required') });
export const CUSTOM_LIST_IMPORTED = 'MeasureIt Customer Search List Successfully Imported!';
export const CUSTOM_LIST_IMPORT_FAILED = 'There was an error uploading the Customer Search List...';
/** The CSV's header (§3): BranchNo, CustNo. */
export const CUSTOM_LIST_COLUMNS = ['BranchNo', 'CustNo'] as const;

/** The file is the body (text/csv); these travel in the query. */
export const CustomListPreviewQuery = z.object({ fileName: line(255).default('') });
export const CustomListImportQuery = z.object({
  fileName: line(255).default(''),
  name: line(100).min(1, 'is required'),
  /** The screen's id of this import: a retry answers the list already imported. */
  requestId: z.uuid('must be a uuid'),
});
export type CustomListImportQuery = z.input<typeof CustomListImportQuery>;

export const CustomListProblem = z.object({
  line: z.number().int(),
  branchNo: z.string(),
  custNo: z.string(),
  reason: z.enum(['not found', 'outside your scope', 'bad row', 'duplicate']),
});
export const CustomListPreview = z.object({
  fileName: z.string(),
  encoding: z.enum(['ISO-8859-1', 'UTF-8']),
  rows: z.number().int(),
  found: z.number().int(),
  notFound: z.number().int(),
  outsideScope: z.number().int(),
  /** Rows with a bad number or column count, and rows naming a customer again. */
  dropped: z.number().int(),
  /** The first 200 problems, in file order. */
  problems: z.array(CustomListProblem),
});
export type CustomListPreview = z.infer<typeof CustomListPreview>;
export const CustomListImportResponse = CustomListPreview.extend({
  list: CustomSearchList,
  /** The answer of an earlier import with the same requestId. */
  repeated: z.boolean(),
});
