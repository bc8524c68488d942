/**
 * The user-administration calls of the screens (administration.md §7; decision 026): the grid's page, one user,
 * the reference lists the forms choose from, the username check, and the writes.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetRequest, UserCreateRequest, UserListRequest, UserUpdateRequest } from '@cc/contract';
import { api } from '../../../lib/api';

const root = ['user-admin'] as const;
export const userAdminKeys = {
  root,
  list: [...root, 'list'] as const,
  user: (id: number) => [...root, 'user', id] as const,
  reference: (what: string) => [...root, 'reference', what] as const,
};

/** POST /api/users/: one page of the grid. */
export const userListQuery = (query: UserListRequest) =>
  queryOptions({
    queryKey: [...userAdminKeys.list, query] as const,
    queryFn: ({ signal }) => api('listUsers', { body: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/users/user/:id. */
export const useUser = (id: number | null) =>
  useQuery({
    queryKey: userAdminKeys.user(id ?? 0),
    queryFn: ({ signal }) => api('getUser', { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });

/** Reference lists change rarely (an administrator's edit): read once per visit of the screens. */
const reference = <T>(what: string, fn: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey: userAdminKeys.reference(what), queryFn: ({ signal }) => fn(signal), staleTime: 60_000 });

export const brandsQuery = reference('brands', (signal) => api('listBrands', { signal }));
export const companiesQuery = reference('companies', (signal) => api('listCompanies', { signal }));
export const companyRolesQuery = reference('companyroles', (signal) => api('listCompanyRoles', { signal }));
export const rolesQuery = reference('roles', (signal) => api('listRoles', { signal }));
export const applicationsQuery = reference('applications', (signal) => api('listApplications', { signal }));
export const permissionsQuery = reference('permissions', (signal) => api('listPermissions', { signal }));
export const franchisesQuery = reference('franchises', (signal) => api('getFranchises', { signal }));

/** Everything the add and edit forms choose from, loaded together. */
export function useUserFormReference() {
  const brands = useQuery(brandsQuery);
  const companies = useQuery(companiesQuery);
  const companyRoles = useQuery(companyRolesQuery);
  const roles = useQuery(rolesQuery);
  const applications = useQuery(applicationsQuery);
  const permissions = useQuery(permissionsQuery);
  const franchises = useQuery(franchisesQuery);
  const all = [brands, companies, companyRoles, roles, applications, permissions, franchises];
  return {
    isPending: all.some((q) => q.isPending),
    error: all.find((q) => q.error)?.error ?? null,
    data:
      brands.data &&
      companies.data &&
      companyRoles.data &&
      roles.data &&
      applications.data &&
      permissions.data &&
      franchises.data
        ? {
            brands: brands.data,
            companies: companies.data,
            companyRoles: companyRoles.data,
            roles: roles.data,
            applications: applications.data,
            permissions: permissions.data,
            franchises: franchises.data,
          }
        : null,
  };
}

/** POST /api/users/companyrolepermissiontemplates/ for one company role. */
export const templates = (CompanyId: number, RoleId: number) => api('listTemplates', { body: { CompanyId, RoleId } });

/** POST /api/users/usernameexists/: is the name taken by anyone but this user? */
export const usernameExists = (userId: number, username: string, signal?: AbortSignal) =>
  api('usernameExists', { body: { userId, username }, signal });

export function useUserWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: userAdminKeys.root });
  return {
    create: useMutation({
      mutationFn: (body: UserCreateRequest) => api('createUser', { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ UserId, body }: { UserId: number; body: UserUpdateRequest }) =>
        api('updateUser', { params: { UserId }, body }),
      onSuccess: refresh,
    }),
    resetPassword: useMutation({
      mutationFn: ({ UserId, body }: { UserId: number; body: PasswordResetRequest }) =>
        api('resetUserPassword', { params: { UserId }, body }),
    }),
    remove: useMutation({
      mutationFn: (UserId: number) => api('removeUser', { params: { UserId } }),
      onSuccess: refresh,
    }),
  };
}
