/**
 * MeasureIt's reads (decision 036, 040): the reference lists, a property's previous measurements, the branches a
 * measurement can be filed under, and the address search.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query keys: every MeasureIt query starts with 'measureIt'. */
export const measureItKey = ['measureIt'] as const;

const REFERENCE_MS = 10 * 60_000;

export const useNotMeasuredReasons = () =>
  useQuery({
    queryKey: [...measureItKey, 'reasons'],
    queryFn: ({ signal }) => api('measureItNotMeasuredReasons', { signal }),
    staleTime: REFERENCE_MS,
  });

export const useExternalSources = () =>
  useQuery({
    queryKey: [...measureItKey, 'sources'],
    queryFn: ({ signal }) => api('measureItExternalMeasurementSources', { signal }),
    staleTime: REFERENCE_MS,
  });

export const previousMeasurementsKey = (propertyId: number) => [...measureItKey, 'previous', propertyId] as const;

export const usePreviousMeasurements = (propertyId: number | null) =>
  useQuery({
    queryKey: previousMeasurementsKey(propertyId ?? 0),
    queryFn: ({ signal }) => api('measureItPreviousMeasurements', { body: { propertyId: propertyId ?? 0 }, signal }),
    enabled: propertyId !== null,
    staleTime: 0,
  });

/** The branches of the caller's scope; with a zip, those serving it. */
export const useMeasureItBranches = (zip: string | null, enabled = true) =>
  useQuery({
    queryKey: [...measureItKey, 'branches', zip ?? ''],
    queryFn: ({ signal }) => api('measureItBranches', { body: zip ? { zip } : {}, signal }),
    enabled,
    staleTime: REFERENCE_MS,
  });

/** The geocoder's suggestions for an address typed by the user (3 characters or more). */
export const useGeocode = (q: string) =>
  useQuery({
    queryKey: [...measureItKey, 'geocode', q],
    queryFn: ({ signal }) => api('measureItGeocode', { query: { q }, signal }),
    enabled: q.trim().length >= 3,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
