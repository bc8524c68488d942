/**
 * Franchise Maintenance's calls (administration.md §7; decision 032): the franchises of the caller's scope, and the
 * get and update of each config. An update refreshes its config here and the call screen's company configs.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyConfigUpdate, HotProspectConfigUpdate, InboundFollowUpConfigUpdate } from '@cc/contract';
import { api } from '../../../lib/api';

const root = ['utilities', 'configs'] as const;
export const configKeys = {
  company: (sqldbid: number) => [...root, 'company', sqldbid] as const,
  followUp: (branchNo: string) => [...root, 'follow-up', branchNo] as const,
  hotProspect: (branchNo: string) => [...root, 'hot-prospect', branchNo] as const,
};

export const useCompanyConfig = (sqldbid: number | null) =>
  useQuery({
    queryKey: configKeys.company(sqldbid ?? 0),
    queryFn: ({ signal }) => api('getCompanyConfig', { body: { sqldbid: sqldbid ?? 0 }, signal }),
    enabled: sqldbid !== null,
    staleTime: 0,
  });

export const useFollowUpConfig = (branchNo: string | null) =>
  useQuery({
    queryKey: configKeys.followUp(branchNo ?? ''),
    queryFn: ({ signal }) => api('getInboundFollowUpConfig', { body: { branchNo: branchNo ?? '' }, signal }),
    enabled: branchNo !== null,
    staleTime: 0,
  });

export const useHotProspectConfig = (branchNo: string | null) =>
  useQuery({
    queryKey: configKeys.hotProspect(branchNo ?? ''),
    queryFn: ({ signal }) => api('getHotProspectConfig', { body: { branchNo: branchNo ?? '' }, signal }),
    enabled: branchNo !== null,
    staleTime: 0,
  });

export function useConfigWrites() {
  const client = useQueryClient();
  return {
    company: useMutation({
      mutationFn: (body: CompanyConfigUpdate) => api('updateCompanyConfig', { body }),
      onSuccess: (saved) => {
        client.setQueryData(configKeys.company(saved.sqldbid), saved);
        // The call screen's web-lead hours (current-call's companyConfigs query) read fresh.
        void client.invalidateQueries({ queryKey: ['current-call'] });
      },
    }),
    followUp: useMutation({
      mutationFn: (body: InboundFollowUpConfigUpdate) => api('updateInboundFollowUpConfig', { body }),
      onSuccess: (saved) => client.setQueryData(configKeys.followUp(saved.branchNo), saved),
    }),
    hotProspect: useMutation({
      mutationFn: (body: HotProspectConfigUpdate) => api('updateHotProspectConfig', { body }),
      onSuccess: (saved) => client.setQueryData(configKeys.hotProspect(saved.branchNo), saved),
    }),
  };
}
