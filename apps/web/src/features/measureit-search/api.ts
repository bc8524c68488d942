/**
 * The MeasureIt search's and utilities' calls (decision 041): the franchises, zips, one page of properties, the
 * statistics, a reason applied to a selection, and the custom search lists (the file's preview and import).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  routes,
  type CustomListImportQuery,
  type CustomListPreview,
  type MeasureItODataQuery,
  type RouteResponse,
} from '@cc/contract';
import { api, ApiError, refreshSession } from '../../lib/api';
import { problemOf, shownMessage } from '../../lib/request';
import { session } from '../../lib/session';

/** Query keys: every query of the search starts with 'measureItSearch'. */
export const searchKey = ['measureItSearch'] as const;
export const customListsKey = [...searchKey, 'lists'] as const;

export const useFranchises = () =>
  useQuery({
    queryKey: [...searchKey, 'franchises'],
    queryFn: ({ signal }) => api('measureItFranchises', { signal }),
    staleTime: 5 * 60_000,
  });

export const useZipCodes = (branchNo: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...searchKey, 'zips', branchNo],
    queryFn: ({ signal }) => api('measureItZipCodes', { body: { branchNo }, signal }),
    enabled,
    staleTime: 60_000,
  });

/** GET /api/odata/GetMeasureItProperties: one page of the properties found and how many there are. */
export const propertySearchQuery = (query: MeasureItODataQuery) =>
  queryOptions({
    queryKey: [...searchKey, 'page', query] as const,
    queryFn: ({ signal }) => api('measureItODataProperties', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useStatistics = (branchNo: string | null, zips: string[], enabled: boolean) =>
  useQuery({
    queryKey: [...searchKey, 'statistics', branchNo, zips],
    queryFn: ({ signal }) => api('measureItPitStatistics', { body: { branchNo, zips }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useCustomSearchLists = () =>
  useQuery({
    queryKey: customListsKey,
    queryFn: ({ signal }) => api('measureItCustomSearchLists', { signal }),
    staleTime: 0,
  });

/** POST the file as it is (the server reads it as ISO-8859-1 or UTF-8), with the bearer token; a 401 once more. */
async function sendFile<T>(path: string, file: File): Promise<T> {
  const post = () =>
    fetch(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/csv',
        ...(session.token() ? { Authorization: `Bearer ${session.token() ?? ''}` } : {}),
      },
      body: file,
    });
  let response: Response;
  try {
    response = await post();
    if (response.status === 401 && (await refreshSession())) response = await post();
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check the connection and try again.');
  }
  const text = await response.text();
  let data: unknown = {};
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON: the status says it
  }
  if (response.ok) return data as T;
  const problem = problemOf(data);
  throw new ApiError(
    response.status,
    problem.error ?? `HTTP_${response.status}`,
    shownMessage(problem) ?? `The server answered ${response.status}.`,
    problem.errors ?? {},
  );
}

export const previewCustomList = (file: File) =>
  sendFile<CustomListPreview>(
    `${routes.measureItPreviewCustomSearchList.path}?${new URLSearchParams({ fileName: file.name }).toString()}`,
    file,
  );

export const importCustomList = (file: File, query: Omit<CustomListImportQuery, 'fileName'>) =>
  sendFile<RouteResponse<'measureItImportCustomSearchList'>>(
    `${routes.measureItImportCustomSearchList.path}?${new URLSearchParams({
      fileName: file.name,
      name: query.name,
      requestId: query.requestId,
    }).toString()}`,
    file,
  );
