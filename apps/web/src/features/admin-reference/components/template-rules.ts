/**
 * The rules of the role-template screen that need no screen: which roles a company gives, the filter's request, the
 * form's start, and the one default a company's role may have per permission.
 */
import type { CompanyRolePermissionTemplate, CompanyRoles, TemplatesRequest } from '@cc/contract';

type Template = CompanyRolePermissionTemplate;

/** The form's values: ids as the selects hold them (text, empty when none is chosen). */
export interface TemplateValues {
  CompanyId: string;
  RoleId: string;
  PermissionId: string;
  DefaultValue: string;
}

export const templateKey = (t: Template) => `${t.CompanyId}:${t.RoleId}:${t.ApplicationId}:${t.PermissionId}`;

/** The roles a company gives (none for a company not in the list). */
export function rolesGivenBy(companyRoles: readonly CompanyRoles[] | undefined, companyId: string | null) {
  return companyRoles?.find((c) => String(c.CompanyId) === companyId)?.Roles ?? [];
}

/** The grid's filter as the request: a company, and a role of it, when chosen. */
export function templatesFilter(companyId: string | null, roleId: string | null): TemplatesRequest {
  return {
    ...(companyId ? { CompanyId: Number(companyId) } : {}),
    ...(roleId ? { RoleId: Number(roleId) } : {}),
  };
}

/** An edit starts from the template; an addition from the grid's filter, with no permission or value chosen. */
export function initialTemplateValues(
  template: Template | null,
  defaults: { CompanyId: string | null; RoleId: string | null },
): TemplateValues {
  return {
    CompanyId: template ? String(template.CompanyId) : (defaults.CompanyId ?? ''),
    RoleId: template ? String(template.RoleId) : (defaults.RoleId ?? ''),
    PermissionId: template ? String(template.PermissionId) : '',
    DefaultValue: template?.DefaultValue ?? '',
  };
}

/** A company's role has one default per permission: a second one for the same permission is taken. */
export function isTemplateTaken(existing: readonly Template[] | undefined, values: TemplateValues): boolean {
  return (
    existing?.some(
      (t) =>
        t.CompanyId === Number(values.CompanyId) &&
        t.RoleId === Number(values.RoleId) &&
        t.PermissionId === Number(values.PermissionId),
    ) ?? false
  );
}
