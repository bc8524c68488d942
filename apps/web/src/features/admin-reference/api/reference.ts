/**
 * The reference data of user administration and its writes (decision 026): the spec's lists, read once per screen
 * and refreshed after every save, and the administrators' adds and edits.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationSave,
  AwayReasonSave,
  BrandSave,
  CompanySave,
  PermissionSave,
  TemplateSave,
  TemplatesRequest,
} from '@cc/contract';
import { api } from '../../../lib/api';

/** `userAdminKeys.root` of features/users/api/users.ts: its forms' copies of the lists. */
const USER_ADMIN_KEY = ['user-admin'] as const;

/** Every list of the screens sits under this key, so a save refreshes them all (and the user screens' selects). */
const ROOT = ['users-reference'] as const;

export const brandsQuery = queryOptions({ queryKey: [...ROOT, 'brands'], queryFn: () => api('listBrands') });
export const companiesQuery = queryOptions({ queryKey: [...ROOT, 'companies'], queryFn: () => api('listCompanies') });
export const rolesQuery = queryOptions({ queryKey: [...ROOT, 'roles'], queryFn: () => api('listRoles') });
export const companyRolesQuery = queryOptions({
  queryKey: [...ROOT, 'companyroles'],
  queryFn: () => api('listCompanyRoles'),
});
export const applicationsQuery = queryOptions({
  queryKey: [...ROOT, 'applications'],
  queryFn: () => api('listApplications'),
});
export const permissionsQuery = queryOptions({
  queryKey: [...ROOT, 'permissions'],
  queryFn: () => api('listPermissions'),
});
export const templatesQuery = (filter: TemplatesRequest) =>
  queryOptions({
    queryKey: [...ROOT, 'templates', filter],
    queryFn: () => api('listTemplates', { body: filter }),
  });

export const awayReasonListQuery = queryOptions({
  queryKey: [...ROOT, 'away-reasons'],
  queryFn: () => api('listAwayReasons'),
});

export const useBrands = () => useQuery(brandsQuery);
export const useAwayReasonList = () => useQuery(awayReasonListQuery);
export const useCompanies = () => useQuery(companiesQuery);
export const useRoles = () => useQuery(rolesQuery);
export const useCompanyRoles = () => useQuery(companyRolesQuery);
export const useApplications = () => useQuery(applicationsQuery);
export const usePermissions = () => useQuery(permissionsQuery);
export const useTemplates = (filter: TemplatesRequest) => useQuery(templatesQuery(filter));

/** A save, then every reference list (and the audit log) read again. */
function useSave<TVars, TResult>(save: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ROOT }),
        client.invalidateQueries({ queryKey: ['users-audit'] }),
        // The user screens' own copies of these lists (features/users), so a new company is offered at once.
        client.invalidateQueries({ queryKey: USER_ADMIN_KEY }),
      ]);
    },
  });
}

type Edit<T> = { id: number | null; body: T };

export const useSaveBrand = () =>
  useSave(({ id, body }: Edit<BrandSave>) =>
    id === null ? api('addBrand', { body }) : api('updateBrand', { params: { BrandId: id }, body }),
  );

export const useSaveCompany = () =>
  useSave(({ id, body }: Edit<CompanySave>) =>
    id === null ? api('addCompany', { body }) : api('updateCompany', { params: { CompanyId: id }, body }),
  );

export const useSaveApplication = () =>
  useSave(({ id, body }: Edit<ApplicationSave>) =>
    id === null ? api('addApplication', { body }) : api('updateApplication', { params: { ApplicationId: id }, body }),
  );

export const useSavePermission = () =>
  useSave(({ id, body }: Edit<PermissionSave>) =>
    id === null
      ? api('addPermissionDef', { body })
      : api('updatePermissionDef', { params: { PermissionId: id }, body }),
  );

export const useSaveAwayReason = () =>
  useSave(({ id, body }: Edit<AwayReasonSave>) =>
    id === null ? api('addAwayReason', { body }) : api('updateAwayReason', { params: { AwayReasonId: id }, body }),
  );

export interface TemplateKey {
  CompanyId: number;
  RoleId: number;
  ApplicationId: number;
  PermissionId: number;
}

export const useSaveTemplate = () =>
  useSave(({ key, body }: { key: TemplateKey; body: TemplateSave }) => api('saveTemplate', { params: key, body }));

export const useDeleteTemplate = () => useSave((key: TemplateKey) => api('deleteTemplate', { params: key }));

export const auditQuery = (query: { page: number; pageSize: number; userId?: number }) =>
  // The user screens' saves do not know this key: the log is read again on every visit.
  queryOptions({
    queryKey: ['users-audit', query] as const,
    queryFn: ({ signal }) => api('auditLog', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
