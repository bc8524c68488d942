import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Suggestions start after this many characters. */
export const AUTOCOMPLETE_MIN_CHARS = 3;

/** POST /api/inbound/autocompleteAddress: full addresses of customers in scope that match what was typed. */
export const autocompleteAddress = (input: string, signal?: AbortSignal) =>
  api('autocompleteAddress', { body: { input, limit: 10 }, signal });

export const autocompleteAddressQuery = (input: string) =>
  queryOptions({
    queryKey: ['inbound', 'autocompleteAddress', input],
    queryFn: ({ signal }) => autocompleteAddress(input, signal),
    staleTime: 60_000,
  });

export const useAutocompleteAddress = (input: string, enabled = true) =>
  useQuery({
    ...autocompleteAddressQuery(input.trim()),
    enabled: enabled && input.trim().length >= AUTOCOMPLETE_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
