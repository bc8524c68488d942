/**
 * MeasureIt's calls (administration.md §3, §4, §7, §8; docs/decisions/036-measureit-data-and-locks.md): a
 * customer's property, a property by address and a commercial lead are each got for edit (taking the measurement
 * lock), completed (saved) or cancelled (released). Shapes travel as GeoJSON MultiPolygons ([longitude, latitude]).
 */
import { z } from './zod.js';
import { Id, line, multiline } from './common.js';

/** §8: the refusal when another user holds the measurement. */
export const MEASUREMENT_BUSY_MESSAGE = 'This property is currently being measured by another user.';
/** Ours (decision 036): a property measured this many days ago or less asks for confirmation before a new edit. */
export const RECENTLY_MEASURED_DAYS = 30;
/** §4, §9: a saved size above this clears the not-measured reason; at or below it the property is not measured. */
export const MEASURED_THRESHOLD_SQFT = 0.01;
/** Ours (decision 036): bounds of a measurement's shapes. */
export const MAX_POLYGONS = 50;
export const MAX_RINGS = 50;
export const MAX_VERTICES = 2000;
/** §9: a static-map URL of 2048 characters or more cannot be saved. */
export const MAX_IMAGE_PATH = 2047;

const Longitude = z
  .number()
  .min(-180, 'must be a longitude (-180 to 180)')
  .max(180, 'must be a longitude (-180 to 180)');
const Latitude = z.number().min(-90, 'must be a latitude (-90 to 90)').max(90, 'must be a latitude (-90 to 90)');
const Position = z.tuple([Longitude, Latitude]);
/** A closed ring: at least three corners and the first position again at the end. */
const Ring = z
  .array(Position)
  .min(4, 'must have at least 4 positions (3 corners and the first again)')
  .max(MAX_VERTICES, `must have at most ${MAX_VERTICES} positions`)
  .refine((ring) => {
    const first = ring[0];
    const last = ring[ring.length - 1];
    return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
  }, 'must be closed (end at its first position)');
/** A polygon: its outline, then the holes cut out of it (beds, driveway, house). */
const Polygon = z.array(Ring).min(1, 'must have an outline').max(MAX_RINGS, `must have at most ${MAX_RINGS} rings`);

export const MultiPolygon = z
  .object({
    type: z.literal('MultiPolygon'),
    coordinates: z
      .array(Polygon)
      .min(1, 'must have at least one polygon')
      .max(MAX_POLYGONS, `must have at most ${MAX_POLYGONS} polygons`),
  })
  .superRefine((shape, ctx) => {
    const vertices = shape.coordinates.flat(2).length;
    if (vertices > MAX_VERTICES) {
      ctx.addIssue({
        code: 'custom',
        path: ['coordinates'],
        message: `must have at most ${MAX_VERTICES} positions in all (has ${vertices}); simplify the shapes`,
      });
    }
  });
export type MultiPolygon = z.infer<typeof MultiPolygon>;

const Zip = z
  .string()
  .trim()
  .transform((v) => v.replace('-', ''))
  .pipe(z.string().regex(/^\d{5}(\d{4})?$/, 'must be a 5-digit zip code (or zip+4)'));
const State = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'must be a 2-letter state'));

/** The lock of a measurement as the caller holds it: since when, and when it lapses unless saved or opened again. */
export const MeasurementLock = z.object({ since: z.string(), expiresAt: z.string() });

/**
 * What every measured thing shows: where it is, what was measured, and by whom. The fields §3 names for the
 * measured property carry its names, case and all (`SquareFeet`, `ImagePath`, `ExternalMeasurementSourceId`,
 * `active`; decision 063); the rest are camelCase.
 */
const MeasurementFields = {
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  /** Five or nine digits, no dash. */
  zip: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  SquareFeet: z.number().nullable(),
  ImagePath: z.string(),
  shapes: MultiPolygon.nullable(),
  notMeasuredReasonId: z.number().int().nullable(),
  /** Set when the size was not drawn on the map (typed by hand, or from another source): the external flag. */
  ExternalMeasurementSourceId: z.number().int().nullable(),
  external: z.boolean(),
  /** §4: somebody is measuring it now (a measurement lock that has not lapsed; the caller's own included). */
  active: z.boolean(),
  complete: z.boolean(),
  measurementDate: z.string().nullable(),
  measuredBy: z.string().nullable(),
};

export const MeasuredProperty = z.object({
  propertyId: z.number().int(),
  sqldbid: z.number().int(),
  branchNo: z.string(),
  customerNo: z.number().int().nullable(),
  isNeighbor: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  ...MeasurementFields,
});
export type MeasuredProperty = z.infer<typeof MeasuredProperty>;

export const AddressMeasurement = z.object({
  addressMeasurementId: z.number().int(),
  branchNo: z.string(),
  ...MeasurementFields,
});
export type AddressMeasurement = z.infer<typeof AddressMeasurement>;

export const CommercialLead = z.object({
  commercialLeadId: z.number().int(),
  branchNo: z.string(),
  businessName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  notes: z.string(),
  ...MeasurementFields,
});
export type CommercialLead = z.infer<typeof CommercialLead>;

/**
 * The answer of every get-for-edit besides the item: `needsConfirmation` when it was measured recently and the call
 * did not say `confirm` (no lock is taken: the screen asks, then calls again with `confirm: true`); otherwise the
 * caller's lock.
 */
const editState = {
  recentlyMeasured: z.boolean(),
  needsConfirmation: z.boolean(),
  lock: MeasurementLock.nullable(),
};

const confirm = z.boolean().default(false);

/** A customer's property by its customer number, or any property (a neighbour) by its id. */
export const GetPropertyRequest = z
  .object({ sqldbid: Id, customerNo: Id.optional(), propertyId: Id.optional(), confirm })
  .superRefine((value, ctx) => {
    if ((value.customerNo === undefined) === (value.propertyId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['customerNo'], message: 'give the customer number or the property id' });
    }
  });
export const GetPropertyResponse = z.object({ property: MeasuredProperty, ...editState });

/**
 * A field sent under the name it had before the spec's (decision 063): refused with the name to use, rather than
 * dropped, which would save a size of 0.
 */
const renamed = (name: string) => z.undefined({ error: `is named ${name}` }).optional();

/** A save: a size (with its shapes, or its external source), or a not-measured reason instead of a size. */
const saveFields = {
  /** The screen's id of this save: sent again on a retry, answered without saving twice. */
  requestId: z.uuid('must be a UUID'),
  SquareFeet: z.number().min(0, 'must be 0 or more').max(100_000_000, 'must be at most 100,000,000').default(0),
  shapes: MultiPolygon.nullable().default(null),
  ExternalMeasurementSourceId: Id.nullable().default(null),
  notMeasuredReasonId: Id.nullable().default(null),
  ImagePath: line(MAX_IMAGE_PATH)
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'must be an http(s) URL')
    .default(''),
  squareFeet: renamed('SquareFeet'),
  imagePath: renamed('ImagePath'),
  externalMeasurementSourceId: renamed('ExternalMeasurementSourceId'),
};
type SaveShape = {
  SquareFeet: number;
  shapes: unknown;
  ExternalMeasurementSourceId: number | null;
  notMeasuredReasonId: number | null;
};
/** A size, or a reason; a size not drawn on the map names its source. */
function checkSave(value: SaveShape, ctx: z.RefinementCtx): void {
  if (value.SquareFeet <= MEASURED_THRESHOLD_SQFT) {
    if (value.notMeasuredReasonId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['notMeasuredReasonId'],
        message: 'choose a reason when no size is measured',
      });
    }
  } else if (value.shapes === null && value.ExternalMeasurementSourceId === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['ExternalMeasurementSourceId'],
      message: 'a size not drawn on the map needs its source',
    });
  }
}

export const CompletePropertyRequest = z.object({ propertyId: Id, ...saveFields }).superRefine(checkSave);
export const CompletePropertyResponse = z.object({
  property: MeasuredProperty,
  /** The customer's lawn size as pricing reads it (thousands of square feet), when the save set it. */
  lawnSize: z.number().nullable(),
});
export const PropertyIdRequest = z.object({ propertyId: Id });
export const Released = z.object({ released: z.boolean() });

export const PreviousMeasurement = z.object({
  measurementId: z.number().int(),
  measuredAt: z.string(),
  measuredBy: z.string(),
  squareFeet: z.number().nullable(),
  shapes: MultiPolygon.nullable(),
  notMeasuredReasonId: z.number().int().nullable(),
  notMeasuredReason: z.string().nullable(),
  externalMeasurementSourceId: z.number().int().nullable(),
  externalMeasurementSource: z.string().nullable(),
});
export const PreviousMeasurementsResponse = z.object({ measurements: z.array(PreviousMeasurement) });

export const NotMeasuredReason = z.object({ notMeasuredReasonId: z.number().int(), name: z.string() });
export const NotMeasuredReasonsResponse = z.array(NotMeasuredReason);
export const ExternalMeasurementSource = z.object({ externalMeasurementSourceId: z.number().int(), name: z.string() });
export const ExternalMeasurementSourcesResponse = z.array(ExternalMeasurementSource);

export const HouseholdMeasurementRequest = z.object({ sqldbid: Id, customerNo: Id });
/** A customer's (or a commercial lead's) measurement as others read it: `complete` says whether there is one. */
export const HouseholdMeasurement = z.object({
  complete: z.boolean(),
  SquareFeet: z.number().nullable(),
  /** Thousands of square feet, as pricing reads a lawn size; null when not measured. */
  lawnSize: z.number().nullable(),
  measurementDate: z.string().nullable(),
  notMeasuredReasonId: z.number().int().nullable(),
  external: z.boolean(),
  ImagePath: z.string(),
});
export const CommercialMeasurementRequest = z.object({ commercialLeadId: Id });

const addressFields = {
  branchNo: line(10).min(1, 'choose a branch'),
  streetAddress: line(100).min(1, 'is required'),
  city: line(50).min(1, 'is required'),
  state: State,
  zip: Zip,
  latitude: Latitude,
  longitude: Longitude,
};
export const GetAddressMeasurementRequest = z.object({ ...addressFields, confirm });
export const GetAddressMeasurementResponse = z.object({ measurement: AddressMeasurement, ...editState });
export const CompleteAddressMeasurementRequest = z
  .object({ addressMeasurementId: Id, ...saveFields })
  .superRefine(checkSave);
export const AddressMeasurementResponse = z.object({ measurement: AddressMeasurement });
export const AddressMeasurementIdRequest = z.object({ addressMeasurementId: Id });

export const GetCommercialLeadRequest = z.object({
  ...addressFields,
  businessName: line(100).min(1, 'is required'),
  confirm,
});
export const GetCommercialLeadResponse = z.object({ lead: CommercialLead, ...editState });
export const CompleteCommercialLeadRequest = z
  .object({
    commercialLeadId: Id,
    contactName: line(100).default(''),
    contactPhone: z
      .string()
      .trim()
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().regex(/^(\d{10}\d{0,6})?$/, 'must be a 10-digit phone number (with any extension)'))
      .default(''),
    contactEmail: line(200)
      .refine((v) => v === '' || z.email().safeParse(v).success, 'must be an email address')
      .default(''),
    notes: multiline(2000).default(''),
    ...saveFields,
  })
  .superRefine(checkSave);
export const CommercialLeadResponse = z.object({ lead: CommercialLead });
export const CommercialLeadIdRequest = z.object({ commercialLeadId: Id });

/**
 * Ours (decision 040): the branches of the caller's scope a measurement by address or for a commercial lead can be
 * filed under, and the customer's branch on the start screen; with `zip`, only the branches serving it.
 */
export const MeasureItBranchesRequest = z.object({ zip: Zip.optional() });
export const MeasureItBranch = z.object({
  branchNo: z.string(),
  sqldbid: z.number().int(),
  companyName: z.string(),
  city: z.string(),
  state: z.string(),
});
export const MeasureItBranchesResponse = z.object({ branches: z.array(MeasureItBranch) });
export type MeasureItBranch = z.infer<typeof MeasureItBranch>;
