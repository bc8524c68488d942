/**
 * What the user grid shows lives in its URL (/UserManagement?q=…&sort=…&dir=…&page=…&size=…), so the back button
 * from a user's edit screen lands on the same page of the same search.
 */
import { USER_PAGE_SIZES, USER_SORT_COLUMNS } from '@cc/contract';

export type UserSort = (typeof USER_SORT_COLUMNS)[number];

export interface UsersView {
  q: string;
  sort: UserSort;
  dir: 'asc' | 'desc';
  page: number;
  size: number;
}

export const DEFAULT_USERS_VIEW: UsersView = { q: '', sort: 'Username', dir: 'asc', page: 1, size: 25 };

const positive = (value: string | null): number | null =>
  value !== null && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : null;

export function usersViewOf(params: URLSearchParams): UsersView {
  const sort = params.get('sort');
  const size = positive(params.get('size'));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    sort: USER_SORT_COLUMNS.find((c) => c === sort) ?? DEFAULT_USERS_VIEW.sort,
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page')) ?? 1,
    size: USER_PAGE_SIZES.find((s) => s === size) ?? DEFAULT_USERS_VIEW.size,
  };
}

/** Only what differs from the default goes into the URL. */
export function usersParamsOf(view: UsersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.sort !== DEFAULT_USERS_VIEW.sort) params.set('sort', view.sort);
  if (view.dir !== DEFAULT_USERS_VIEW.dir) params.set('dir', view.dir);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.size !== DEFAULT_USERS_VIEW.size) params.set('size', String(view.size));
  return params;
}
