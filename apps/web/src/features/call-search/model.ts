/**
 * What the call search shows lives in its URL (/call-center/callSearch?types=…&from=…&to=…&agent=…&uncompleted=1
 * &sort=…&dir=…&page=…&size=…), so a search can be shared and survives a reload. The view
 * becomes the OData query options of GET /api/odata/GetSearchOutboundCalls (decision 033).
 */
import { CALL_SEARCH_GRID_SIZES, type CallSearchResponse, type CallSearchRow } from '@cc/contract';
import { odataPageOf, pageSpan } from '../../components/grid/paging';

export const CALL_SEARCH_PATH = '/call-center/callSearch';

/** The grid's columns that sort on the server, by the row field they show. */
export const SORT_FIELDS = [
  'OutboundId',
  'branchNo',
  'cust_No',
  'FirstName',
  'LastName',
  'callComplete',
  'Type',
  'lastAccessDate',
  'callBackCSRName',
  'agentName',
] as const satisfies readonly (keyof CallSearchRow)[];
export type SortField = (typeof SORT_FIELDS)[number];

export type GridSize = (typeof CALL_SEARCH_GRID_SIZES)[number];

export interface CallSearchView {
  types: string[];
  /** Last accessed, whole days 'YYYY-MM-DD' (America/Chicago), either end open. */
  from: string | null;
  to: string | null;
  /** The agent (user id): the call's callback CSR (administration.md §7; decision 062). */
  agent: number | null;
  /** Off: completed calls only (administration.md §5). */
  uncompleted: boolean;
  sort: SortField;
  dir: 'asc' | 'desc';
  page: number;
  size: GridSize;
}

/** The screen opens on every completed call, most recently worked first, 100 to a page (§9). */
export const DEFAULT_VIEW: CallSearchView = {
  types: [],
  from: null,
  to: null,
  agent: null,
  uncompleted: false,
  sort: 'lastAccessDate',
  dir: 'desc',
  page: 1,
  size: 100,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

export function viewOf(params: URLSearchParams): CallSearchView {
  const sort = params.get('sort');
  const dir = params.get('dir');
  const size = Number(params.get('size'));
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : null;
  };
  return {
    types: (params.get('types') ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    from: day('from'),
    to: day('to'),
    agent: positive(params.get('agent')),
    uncompleted: params.get('uncompleted') === '1',
    sort: (SORT_FIELDS as readonly string[]).includes(sort ?? '') ? (sort as SortField) : DEFAULT_VIEW.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : DEFAULT_VIEW.dir,
    page: positive(params.get('page')) ?? 1,
    size: (CALL_SEARCH_GRID_SIZES as readonly number[]).includes(size) ? (size as GridSize) : DEFAULT_VIEW.size,
  };
}

/** The URL's query of a view: only what differs from the defaults. */
export function paramsOf(view: CallSearchView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.types.length > 0) params.set('types', view.types.join(','));
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.agent !== null) params.set('agent', String(view.agent));
  if (view.uncompleted) params.set('uncompleted', '1');
  if (view.sort !== DEFAULT_VIEW.sort || view.dir !== DEFAULT_VIEW.dir) {
    params.set('sort', view.sort);
    params.set('dir', view.dir);
  }
  if (view.page > 1) params.set('page', String(view.page));
  if (view.size !== DEFAULT_VIEW.size) params.set('size', String(view.size));
  return params;
}

/** An OData string literal: quotes doubled. */
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The view's filters as OData $filter text, or undefined for none. */
export function filterOf(view: CallSearchView): string | undefined {
  const parts: string[] = [];
  if (view.types.length > 0) parts.push(`Type in (${view.types.map(quoted).join(',')})`);
  if (view.from) parts.push(`lastAccessDate ge ${view.from}`);
  if (view.to) parts.push(`lastAccessDate le ${view.to}`);
  if (view.agent !== null) parts.push(`callBackCSR eq ${view.agent}`);
  if (!view.uncompleted) parts.push('callComplete');
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

/** The OData query options of one page of the view, with the count of every match. */
export function queryOf(view: CallSearchView) {
  const filter = filterOf(view);
  return {
    ...(filter ? { $filter: filter } : {}),
    $orderby: `${view.sort} ${view.dir}`,
    $skip: (view.page - 1) * view.size,
    $top: view.size,
    $count: 'true' as const,
  };
}

/** What the pager and the summary under the grid show for an answer. */
export interface Paging {
  /** The calls found, or the count limit when more were. */
  total: number;
  pages: number;
  /** '1–100 of 2,345 calls', '101–200 of more than 10,000 calls', 'No calls'. */
  summary: string;
  /** Is the last page known? Not past the server's count limit. */
  known: boolean;
}

/**
 * Past the server's count limit the answer says only "more than" it (decision 039): the pager then offers the pages
 * up to the limit and, from a full page, the next one, and no last page.
 */
export function pagingOf(answer: CallSearchResponse | undefined, view: Pick<CallSearchView, 'page' | 'size'>): Paging {
  const page = answer ? odataPageOf(answer) : { rows: [], total: 0 };
  const { pages, first, last, known } = pageSpan({ ...page, rows: page.rows.length }, view);
  const total = page.total;
  const range = `${first.toLocaleString()}–${last.toLocaleString()}`;
  if (known)
    return { total, pages, known, summary: total === 0 ? 'No calls' : `${range} of ${total.toLocaleString()} calls` };
  return {
    total,
    pages,
    known,
    summary:
      page.rows.length === 0
        ? `No calls on this page (more than ${total.toLocaleString()} found)`
        : `${range} of more than ${total.toLocaleString()} calls`,
  };
}
