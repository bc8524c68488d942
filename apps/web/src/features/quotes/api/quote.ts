import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { quoteKey } from './keys';

/** GET /api/quotes/{orderId}: one order with its lines and discounts (404 outside the user's scope). */
export const quote = (orderId: number, signal?: AbortSignal) => api('quote', { params: { orderId }, signal });

export const quoteQuery = (orderId: number) =>
  queryOptions({
    queryKey: quoteKey(orderId),
    queryFn: ({ signal }) => quote(orderId, signal),
    staleTime: 0,
  });

export const useQuote = (orderId: number | null) =>
  useQuery({ ...quoteQuery(orderId ?? 0), enabled: orderId !== null });
