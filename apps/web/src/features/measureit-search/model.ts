/**
 * What the MeasureIt search shows lives in its URL (/searchMeasureIt?branch=…&zips=…&mode=…&prox=…&from=…&to=…
 * &list=…&sort=…&dir=…&page=…&size=…), so a search survives a reload and can be shared (decision 044).
 * The view becomes the query of GET /api/odata/GetMeasureItProperties (decision 041).
 */
import {
  MEASUREIT_GRID_SIZES,
  type CustomListPreview,
  MEASUREIT_PROXIMITIES,
  type MeasureItMode,
  type MeasureItODataQuery,
  type MeasureItODataResponse,
  type MeasureItPropertyRow,
  type PitStatistics,
} from '@cc/contract';
import { odataPageOf, pageSpan } from '../../components/grid/paging';

export const SEARCH_MEASUREIT_PATH = '/searchMeasureIt';

export const MODES: { value: MeasureItMode; label: string }[] = [
  { value: 'Unmeasured', label: 'Unmeasured' },
  { value: 'NotMeasured', label: 'Not Measured' },
  { value: 'Measured', label: 'Measured' },
  { value: 'Both', label: 'Both' },
];

/** The grid's columns that sort on the server (every shown column). */
export const SORT_FIELDS = [
  'custNo',
  'branchNo',
  'firstName',
  'lastName',
  'streetAddress',
  'city',
  'state',
  'zip',
  'yearBuilt',
  'squareFeet',
  'statusDate',
] as const satisfies readonly (keyof MeasureItPropertyRow)[];
export type SortField = (typeof SORT_FIELDS)[number];
export type GridSize = (typeof MEASUREIT_GRID_SIZES)[number];

export interface SearchView {
  /** The franchise's branch; null: 'None' / every branch of the user's scope. */
  branch: string | null;
  zips: string[];
  mode: MeasureItMode;
  proximity: number | null;
  from: string | null;
  to: string | null;
  list: number | null;
  /** null: the server's default order (zip, street address). */
  sort: SortField | null;
  dir: 'asc' | 'desc';
  page: number;
  size: GridSize;
}

export const DEFAULT_VIEW: SearchView = {
  branch: null,
  zips: [],
  mode: 'Unmeasured',
  proximity: null,
  from: null,
  to: null,
  list: null,
  sort: null,
  dir: 'asc',
  page: 1,
  size: 25,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

export function viewOf(params: URLSearchParams): SearchView {
  const mode = params.get('mode');
  const sort = params.get('sort');
  const size = Number(params.get('size'));
  const prox = params.get('prox');
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : null;
  };
  const branch = params.get('branch')?.trim();
  return {
    branch: branch ? branch : null,
    zips: (params.get('zips') ?? '')
      .split(',')
      .map((z) => z.trim())
      .filter((z) => /^\d{5}$/.test(z)),
    mode: MODES.some((m) => m.value === mode) ? (mode as MeasureItMode) : DEFAULT_VIEW.mode,
    proximity:
      prox !== null && /^\d{1,2}$/.test(prox) && (MEASUREIT_PROXIMITIES as readonly number[]).includes(Number(prox))
        ? Number(prox)
        : null,
    from: day('from'),
    to: day('to'),
    list: positive(params.get('list')),
    sort: (SORT_FIELDS as readonly string[]).includes(sort ?? '') ? (sort as SortField) : null,
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page')) ?? 1,
    size: (MEASUREIT_GRID_SIZES as readonly number[]).includes(size) ? (size as GridSize) : DEFAULT_VIEW.size,
  };
}

/** The URL's query of a view: only what differs from the defaults. */
/** What GetFranchises says of the user's choice of franchise. */
export interface FranchiseChoice {
  franchises: readonly { branchNo: string }[];
  preselected: string | null;
  ownOnly: boolean;
}

/**
 * The franchise searched: the URL's, except that an independent franchise's user searches one of its own at a time —
 * the URL's when it is one of them, otherwise the preselected one (decision 063). The server holds every user to
 * its scope whatever is asked; this keeps the screen showing what it searches.
 */
export function franchiseOf(urlBranch: string | null, choice: FranchiseChoice | undefined): string | null {
  if (!choice?.ownOnly) return urlBranch;
  return choice.franchises.some((f) => f.branchNo === urlBranch) ? urlBranch : choice.preselected;
}

export function paramsOf(view: SearchView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.branch) params.set('branch', view.branch);
  if (view.zips.length > 0) params.set('zips', view.zips.join(','));
  if (view.mode !== DEFAULT_VIEW.mode) params.set('mode', view.mode);
  if (view.proximity !== null) params.set('prox', String(view.proximity));
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.list !== null) params.set('list', String(view.list));
  if (view.sort) {
    params.set('sort', view.sort);
    params.set('dir', view.dir);
  }
  if (view.page > 1) params.set('page', String(view.page));
  if (view.size !== DEFAULT_VIEW.size) params.set('size', String(view.size));
  return params;
}

/** The OData query of one page of the view, with the count of every match. */
export function queryOf(view: SearchView): MeasureItODataQuery {
  return {
    ...(view.branch ? { branchNo: view.branch } : {}),
    ...(view.zips.length > 0 ? { zips: view.zips.join(',') } : {}),
    mode: view.mode,
    ...(view.proximity !== null ? { proximity: String(view.proximity) } : {}),
    ...(view.from ? { statusDateFrom: view.from } : {}),
    ...(view.to ? { statusDateTo: view.to } : {}),
    ...(view.list !== null ? { customSearchListId: String(view.list) } : {}),
    ...(view.sort ? { $orderby: `${view.sort} ${view.dir}` } : {}),
    $skip: (view.page - 1) * view.size,
    $top: view.size,
    $count: 'true',
  };
}

export interface Paging {
  pages: number;
  summary: string;
  /** Is the last page known? Not past the server's count limit. */
  known: boolean;
}

/** The pager and summary of an answer; past the count limit only "more than" is known (decision 039). */
export function pagingOf(answer: MeasureItODataResponse | undefined, view: Pick<SearchView, 'page' | 'size'>): Paging {
  const page = answer ? odataPageOf(answer) : { rows: [], total: 0 };
  const { pages, first, last, known } = pageSpan({ ...page, rows: page.rows.length }, view);
  const range = `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')}`;
  const total = page.total.toLocaleString('en-US');
  if (known) return { pages, known, summary: page.total === 0 ? 'No properties' : `${range} of ${total} properties` };
  return { pages, known, summary: `${range} of more than ${total} properties` };
}

/** The apply's toast: the contract's text, then what was skipped and why. */
export function appliedMessage(
  success: string,
  result: { applied: number; skippedLocked: number; skippedMeasured: number; notFound: number },
): string {
  const parts: string[] = [];
  const plural = (n: number) => (n === 1 ? 'property' : 'properties');
  if (result.skippedLocked > 0)
    parts.push(`${result.skippedLocked} ${plural(result.skippedLocked)} skipped: another user is measuring them`);
  if (result.skippedMeasured > 0)
    parts.push(`${result.skippedMeasured} ${plural(result.skippedMeasured)} skipped: already measured`);
  if (result.notFound > 0) parts.push(`${result.notFound} ${plural(result.notFound)} not found`);
  return parts.length === 0 ? success : `${success} (${result.applied} applied; ${parts.join('; ')}).`;
}

/** What the bar above the grid says of the rows selected, and how to select some when none are. */
export function selectionText(selected: number): string {
  if (selected === 0) return 'No properties selected: tick rows to apply a not measured reason.';
  return `${selected.toLocaleString('en-US')} ${selected === 1 ? 'property' : 'properties'} selected`;
}

/**
 * Does the grid show its Image column? Only a measured property has a saved image: in the Unmeasured and Not
 * Measured modes no row can have one, and the column would stand empty.
 */
export const showsImages = (mode: MeasureItMode): boolean => mode === 'Measured' || mode === 'Both';

/** A marker's colour: the row's state (measured, not measured, being measured, unmeasured). */
export type MarkerState = 'measured' | 'notMeasured' | 'beingMeasured' | 'unmeasured';
export function markerStateOf(
  row: Pick<MeasureItPropertyRow, 'complete' | 'notMeasuredReasonId' | 'beingMeasured'>,
): MarkerState {
  if (row.beingMeasured) return 'beingMeasured';
  if (!row.complete) return 'unmeasured';
  return row.notMeasuredReasonId !== null ? 'notMeasured' : 'measured';
}
export const MARKER_COLOURS: Record<MarkerState, string> = {
  measured: '#2b8a3e',
  notMeasured: '#868e96',
  beingMeasured: '#e8590c',
  unmeasured: '#1971c2',
};

export interface Cluster<T> {
  lat: number;
  lng: number;
  items: T[];
}

/**
 * Groups points into cells of `cellDegrees` (a zoom level's grid): each cell one cluster at its points' mean. Zoomed
 * in far enough (cellDegrees 0) every point is its own cluster. Pure, so the map's clustering is tested here.
 */
export function clusterPoints<T extends { latitude: number; longitude: number }>(
  points: T[],
  cellDegrees: number,
): Cluster<T>[] {
  if (cellDegrees <= 0) return points.map((p) => ({ lat: p.latitude, lng: p.longitude, items: [p] }));
  const cells = new Map<string, T[]>();
  for (const p of points) {
    const key = `${Math.floor(p.latitude / cellDegrees)}:${Math.floor(p.longitude / cellDegrees)}`;
    const cell = cells.get(key);
    if (cell) cell.push(p);
    else cells.set(key, [p]);
  }
  return [...cells.values()].map((items) => ({
    lat: items.reduce((s, p) => s + p.latitude, 0) / items.length,
    lng: items.reduce((s, p) => s + p.longitude, 0) / items.length,
    items,
  }));
}

/** The cell size of a zoom level: about 60 screen pixels (256-pixel tiles); none from zoom 17. */
export const cellOfZoom = (zoom: number): number => (zoom >= 17 ? 0 : (360 / 2 ** zoom / 256) * 60);

/** §3's figures as the statistics panel lists them, and the chart's bars (properties and neighbours by state). */
export function statisticsRows(s: PitStatistics): { label: string; value: number; testId: string }[] {
  return [
    { label: 'Properties measured', value: s.propertiesMeasured, testId: 'stat-properties-measured' },
    { label: 'Properties unmeasured', value: s.propertiesUnmeasured, testId: 'stat-properties-unmeasured' },
    { label: 'Properties not measured', value: s.propertiesNotMeasured, testId: 'stat-properties-not-measured' },
    { label: 'Neighbors measured', value: s.neighborsMeasured, testId: 'stat-neighbors-measured' },
    { label: 'Neighbors unmeasured', value: s.neighborsUnmeasured, testId: 'stat-neighbors-unmeasured' },
    { label: 'Not measured neighbors', value: s.notMeasuredNeighbors, testId: 'stat-not-measured-neighbors' },
    { label: 'Total properties measured', value: s.totalPropertiesMeasured, testId: 'stat-total-properties-measured' },
    { label: 'Total neighbors measured', value: s.totalNeighborsMeasured, testId: 'stat-total-neighbors-measured' },
  ];
}

export function statisticsChart(s: PitStatistics) {
  return [
    {
      label: 'Properties',
      measured: s.propertiesMeasured,
      notMeasured: s.propertiesNotMeasured,
      unmeasured: s.propertiesUnmeasured,
    },
    {
      label: 'Neighbors',
      measured: s.neighborsMeasured,
      notMeasured: s.notMeasuredNeighbors,
      unmeasured: s.neighborsUnmeasured,
    },
  ];
}

/** A custom list's name from its file: the name without '.csv'. */
export const listNameOf = (fileName: string): string =>
  fileName
    .replace(/\.csv$/i, '')
    .trim()
    .slice(0, 100);

/** The custom list preview in the shared CSV preview's terms: the rows not imported are its problems. */
export function previewCountsOf(p: CustomListPreview) {
  return {
    fileName: p.fileName,
    encoding: p.encoding,
    totalRows: p.rows,
    toAdd: p.found,
    alreadyImported: 0,
    dropped: p.notFound + p.outsideScope + p.dropped,
    problems: p.problems.map((problem) => ({
      line: problem.line,
      reason: problem.reason,
      branchNo: problem.branchNo,
      custNo: /^\d{1,9}$/.test(problem.custNo) ? Number(problem.custNo) : null,
      name: '',
    })),
  };
}

export function previewFiguresOf(p: CustomListPreview) {
  return [
    { label: 'Found', value: p.found, testId: 'preview-found' },
    { label: 'Not found', value: p.notFound, testId: 'preview-not-found' },
    { label: 'Outside your scope', value: p.outsideScope, testId: 'preview-outside-scope' },
    { label: 'Dropped (bad or repeated)', value: p.dropped, testId: 'preview-dropped' },
  ];
}
