/**
 * What the All Quotes page shows lives in its URL (/quotes?status=…&q=…&sort=…&dir=…&page=…&order=…), so the
 * header's search box, the back button and a shared link all land on the same view.
 */
import { QUOTE_SORT_FIELDS, type QuoteSortField } from '@cc/contract';
import { ORDER_STATUS_VALUES, QUOTE_STATUS, type OrderStatusValue } from '@cc/domain';

export const QUOTES_PATH = '/quotes';
export const PAGE_SIZE = 25;

export type StatusFilter = OrderStatusValue | 'all';

export interface QuotesView {
  status: StatusFilter;
  q: string;
  sort: QuoteSortField;
  dir: 'asc' | 'desc';
  page: number;
  /** The order whose drawer is open. */
  order: number | null;
}

/** The page opens on the quotes (pending orders), newest update first. */
export const DEFAULT_VIEW: QuotesView = {
  status: QUOTE_STATUS,
  q: '',
  sort: 'updated',
  dir: 'desc',
  page: 1,
  order: null,
};

const positive = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

export function viewOf(params: URLSearchParams): QuotesView {
  const status = params.get('status');
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    status:
      status === 'all' || (ORDER_STATUS_VALUES as readonly string[]).includes(status ?? '')
        ? (status as StatusFilter)
        : DEFAULT_VIEW.status,
    q: params.get('q') ?? '',
    sort: (QUOTE_SORT_FIELDS as readonly string[]).includes(sort ?? '') ? (sort as QuoteSortField) : DEFAULT_VIEW.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : DEFAULT_VIEW.dir,
    page: positive(params.get('page')) ?? 1,
    order: positive(params.get('order')),
  };
}

/** The URL's query of a view: only what differs from the defaults. */
export function paramsOf(view: QuotesView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status !== DEFAULT_VIEW.status) params.set('status', view.status);
  if (view.q.trim() !== '') params.set('q', view.q.trim());
  if (view.sort !== DEFAULT_VIEW.sort || view.dir !== DEFAULT_VIEW.dir) {
    params.set('sort', view.sort);
    params.set('dir', view.dir);
  }
  if (view.page > 1) params.set('page', String(view.page));
  if (view.order !== null) params.set('order', String(view.order));
  return params;
}

export function quotesPath(view: Partial<QuotesView> = {}): string {
  const query = paramsOf({ ...DEFAULT_VIEW, ...view }).toString();
  return query ? `${QUOTES_PATH}?${query}` : QUOTES_PATH;
}

export const STATUS_LABELS: Record<StatusFilter, string> = {
  PENDING: 'Pending quotes',
  SUBMITTED: 'Submitted',
  EXPIRED: 'Expired',
  all: 'All orders',
};

/** $1,234.50 */
export const money = (value: number) =>
  value.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export const customerName = (row: { customerFirstName: string; customerLastName: string }) =>
  [row.customerLastName, row.customerFirstName].filter((p) => p.trim() !== '').join(', ');
