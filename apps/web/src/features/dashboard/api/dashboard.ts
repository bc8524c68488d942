import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const dashboardQuery = queryOptions({ queryKey: ['dashboard'], queryFn: () => api('dashboard') });
export const useDashboard = () => useQuery(dashboardQuery);
