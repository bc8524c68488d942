/**
 * The edit screen's pure side (decision 040): what the query parameters ask for, the measurement
 * being edited (drawn on the map, typed by hand — the external flag — or not measured with a reason), what a save
 * sends, and what blocks it.
 */
import { MEASURED_THRESHOLD_SQFT, type MultiPolygon } from '@cc/contract';
import type { MultiPolygonGeometry } from '@cc/domain';

/** §2's query parameters of /MeasureIt and /editMeasureIt. */
export interface EditParams {
  sqldbid: number;
  customerNo?: number;
  propertyId?: number;
  closeOnSave: boolean;
  client: string | null;
}

const positiveInt = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

/** The property the address names, or null when it names none (the start screen shows instead). */
export function editParamsOf(params: URLSearchParams): EditParams | null {
  const sqldbid = positiveInt(params.get('sqldbid'));
  const customerNo = positiveInt(params.get('id'));
  const propertyId = positiveInt(params.get('propertyId'));
  if (sqldbid === undefined || (customerNo === undefined && propertyId === undefined)) return null;
  return {
    sqldbid,
    ...(customerNo !== undefined ? { customerNo } : { propertyId }),
    closeOnSave: params.get('closeOnSave')?.toLowerCase() === 'true',
    client: params.get('client'),
  };
}

/** The measurement as the screen holds it between the map, the size field and the reason. */
export interface Draft {
  mode: 'measured' | 'notMeasured';
  /** The shapes on the map (null when none). */
  geometry: MultiPolygonGeometry | null;
  /** Their area on the spec's sphere. */
  drawnSquareFeet: number;
  /** The external flag: the size was typed by hand (or comes from another source) instead of drawn. */
  external: boolean;
  typedSquareFeet: number | null;
  sourceId: number | null;
  reasonId: number | null;
  /** The static image would be 2048 characters or more: the shape to simplify. */
  tooLongShape: number | null;
}

/** A measured property's measurement, under §3's names (decision 063). */
export interface Saved {
  SquareFeet: number | null;
  shapes: MultiPolygon | null;
  ExternalMeasurementSourceId: number | null;
  notMeasuredReasonId: number | null;
}

/** A previous measurement (a history record, camelCase) as the property's measurement it was, to copy it. */
export const savedOfPrevious = (m: {
  squareFeet: number | null;
  shapes: MultiPolygon | null;
  externalMeasurementSourceId: number | null;
  notMeasuredReasonId: number | null;
}): Saved => ({
  SquareFeet: m.squareFeet,
  shapes: m.shapes,
  ExternalMeasurementSourceId: m.externalMeasurementSourceId,
  notMeasuredReasonId: m.notMeasuredReasonId,
});

/** The draft a saved (or copied) measurement starts from. */
export function draftOf(saved: Saved): Draft {
  const measured = saved.SquareFeet !== null && saved.SquareFeet > MEASURED_THRESHOLD_SQFT;
  const external = measured && saved.ExternalMeasurementSourceId !== null;
  return {
    mode: !measured && saved.notMeasuredReasonId !== null ? 'notMeasured' : 'measured',
    geometry: saved.shapes,
    drawnSquareFeet: 0,
    external,
    typedSquareFeet: external ? saved.SquareFeet : null,
    sourceId: external ? saved.ExternalMeasurementSourceId : null,
    reasonId: saved.notMeasuredReasonId,
    tooLongShape: null,
  };
}

/** The size the screen shows: the typed one when external, else the drawn one. */
export function shownSquareFeet(draft: Draft): number {
  return draft.external ? (draft.typedSquareFeet ?? 0) : draft.drawnSquareFeet;
}

/**
 * What the size field shows: nothing until the map has measured what it opened with (a drawn size read before then
 * would be a false 0), the typed size at any time.
 */
export function sizeFieldValue(draft: Draft, mapMeasured: boolean): number | '' {
  if (!draft.external && !mapMeasured) return '';
  return Math.round(shownSquareFeet(draft) * 100) / 100;
}

export interface SaveBody {
  SquareFeet: number;
  shapes: MultiPolygon | null;
  ExternalMeasurementSourceId: number | null;
  notMeasuredReasonId: number | null;
}

/** What stops a save, in the words the screen shows; null when it can be saved. */
export function saveProblem(draft: Draft): string | null {
  if (draft.mode === 'notMeasured') {
    return draft.reasonId === null ? 'Choose the reason it was not measured.' : null;
  }
  if (draft.tooLongShape !== null) {
    return `Area ${draft.tooLongShape + 1} has too many points to save its image: remove some of its points.`;
  }
  if (draft.external) {
    if (draft.typedSquareFeet === null || draft.typedSquareFeet <= MEASURED_THRESHOLD_SQFT) {
      return 'Type the size in square feet, or draw the lawn on the map.';
    }
    return draft.sourceId === null ? 'Choose where the typed size comes from.' : null;
  }
  if (draft.geometry === null || draft.drawnSquareFeet <= MEASURED_THRESHOLD_SQFT) {
    return 'Draw the lawn on the map, type its size, or choose Not measured.';
  }
  return null;
}

const cents = (n: number) => Math.round(n * 100) / 100;
/** The map's shapes as the contract sends them (the same rings; the domain's are read-only). */
const shapesOf = (geometry: MultiPolygonGeometry | null) => geometry as MultiPolygon | null;

/** The save's measurement fields (the caller adds the id and the request id). Call only when saveProblem is null. */
export function saveBodyOf(draft: Draft): SaveBody {
  if (draft.mode === 'notMeasured') {
    return { SquareFeet: 0, shapes: null, ExternalMeasurementSourceId: null, notMeasuredReasonId: draft.reasonId };
  }
  if (draft.external) {
    return {
      SquareFeet: cents(draft.typedSquareFeet ?? 0),
      shapes: shapesOf(draft.geometry),
      ExternalMeasurementSourceId: draft.sourceId,
      notMeasuredReasonId: null,
    };
  }
  return {
    SquareFeet: cents(draft.drawnSquareFeet),
    shapes: shapesOf(draft.geometry),
    ExternalMeasurementSourceId: null,
    notMeasuredReasonId: null,
  };
}

/** "2026-11-20" of an ISO time, in the browser's zone. */
export function dayOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "14:05" of an ISO time, in the browser's zone. */
export function timeOf(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
