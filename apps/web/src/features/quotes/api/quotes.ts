import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QuotesQuery } from '@cc/contract';
import { api } from '../../../lib/api';
import { listKey } from './keys';

/** GET /api/quotes: one page of the orders in the user's scope. */
export const quotes = (query: QuotesQuery, signal?: AbortSignal) => api('quotes', { query, signal });

export const quotesQuery = (query: QuotesQuery) =>
  queryOptions({
    queryKey: [...listKey, query] as const,
    queryFn: ({ signal }) => quotes(query, signal),
    placeholderData: keepPreviousData,
    // Orders change when calls end and open (a pending quote expires): coming back to the page asks again.
    staleTime: 0,
  });
