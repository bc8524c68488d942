import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/MeasureIt/GetMeasurementInProgress: the property this user was measuring (their live lock), or null. */
export const measurementInProgressQuery = queryOptions({
  queryKey: ['dashboard', 'measurement-in-progress'],
  queryFn: ({ signal }) => api('measureItMeasurementInProgress', { signal }),
  staleTime: 0,
  gcTime: 0,
  retry: false,
});
