/**
 * The reference data of user administration (administration.md §3): brands, companies and the roles
 * each may give, roles, applications (SRef, URL), permissions (Values JSON) and the company-role permission templates.
 * The spec's POST lists are read by user managers (roles 1 and 6); adding and editing is for administrators (role 1),
 * on paths of ours under /api/users/ (docs/decisions/026-user-administration.md).
 */
import { z } from './zod.js';
import { Id, IdParam, line } from './common.js';

export const Brand = z.object({ BrandId: z.number().int(), BrandName: z.string() });
export type Brand = z.infer<typeof Brand>;
export const Company = z.object({ CompanyId: z.number().int(), Description: z.string() });
export type Company = z.infer<typeof Company>;
export const RoleRow = z.object({ RoleId: z.number().int(), Name: z.string(), Description: z.string() });
export type RoleRow = z.infer<typeof RoleRow>;
/** §3 CompanyRoles: a company with the roles its users may have. */
export const CompanyRoles = z.object({
  CompanyId: z.number().int(),
  Roles: z.array(z.object({ RoleId: z.number().int(), Description: z.string() })),
});
export type CompanyRoles = z.infer<typeof CompanyRoles>;
export const AdminApplication = z.object({
  ApplicationId: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  SRef: z.string(),
  URL: z.string(),
  sortOrder: z.number().int(),
});
export type AdminApplication = z.infer<typeof AdminApplication>;
/** The values a permission may take; a user without the permission is treated as holding `falsevalue`. */
export const PermissionValues = z.object({ truevalue: line(200).min(1), falsevalue: line(200).min(1) });
export type PermissionValues = z.infer<typeof PermissionValues>;
export const PermissionDef = z.object({
  PermissionId: z.number().int(),
  ApplicationId: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Values: z.object({ truevalue: z.string(), falsevalue: z.string() }),
});
export type PermissionDef = z.infer<typeof PermissionDef>;
/** §3 CompanyRolePermissionTemplate: the default value of a permission for a company's role. */
export const CompanyRolePermissionTemplate = z.object({
  CompanyId: z.number().int(),
  RoleId: z.number().int(),
  ApplicationId: z.number().int(),
  PermissionId: z.number().int(),
  DefaultValue: z.string(),
});
export type CompanyRolePermissionTemplate = z.infer<typeof CompanyRolePermissionTemplate>;

export const BrandsResponse = z.array(Brand);
export const CompaniesResponse = z.array(Company);
export const RolesResponse = z.array(RoleRow);
export const CompanyRolesResponse = z.array(CompanyRoles);
export const AdminApplicationsResponse = z.array(AdminApplication);
export const PermissionDefsResponse = z.array(PermissionDef);
export const TemplatesResponse = z.array(CompanyRolePermissionTemplate);
/** POST /api/users/companyrolepermissiontemplates/: all templates, or one company's, or one company role's. */
export const TemplatesRequest = z.object({ CompanyId: Id.optional(), RoleId: Id.optional() });
export type TemplatesRequest = z.infer<typeof TemplatesRequest>;

// ---- Adding and editing (role 1). A new row gets the next free id; the answer is the row as saved. --------------

const text = (max: number, what: string) => line(max).min(1, `${what} is required.`);

export const BrandSave = z.object({ BrandName: text(100, 'Brand name') });
export type BrandSave = z.infer<typeof BrandSave>;
export const BrandPath = z.object({ BrandId: IdParam });

/** A company and the roles its users may have (replaces the list). */
export const CompanySave = z.object({ Description: text(100, 'Description'), Roles: z.array(Id).max(100) });
export type CompanySave = z.infer<typeof CompanySave>;
export const CompanyPath = z.object({ CompanyId: IdParam });
export const CompanyWithRoles = Company.extend({ Roles: z.array(z.number().int()) });

/** An application: `SRef` is the web route (state) it opens, `URL` its address. */
export const ApplicationSave = z.object({
  Name: text(100, 'Name'),
  Description: line(500).default(''),
  SRef: text(100, 'SRef').regex(/^[A-Za-z][\w.]*$/, 'must be a route name (letters, digits, _ and .)'),
  URL: text(500, 'URL').regex(/^(\/|https?:\/\/)\S*$/, 'must be a path starting with / or an http(s) address'),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type ApplicationSave = z.input<typeof ApplicationSave>;
export const ApplicationPath = z.object({ ApplicationId: IdParam });

export const PermissionSave = z
  .object({
    ApplicationId: Id,
    Name: text(100, 'Name'),
    Description: line(500).default(''),
    Values: PermissionValues,
  })
  .refine((p) => p.Values.truevalue !== p.Values.falsevalue, {
    path: ['Values', 'falsevalue'],
    message: 'must differ from the truevalue',
  });
export type PermissionSave = z.input<typeof PermissionSave>;
export const PermissionPath = z.object({ PermissionId: IdParam });

export const TemplatePath = z.object({
  CompanyId: IdParam,
  RoleId: IdParam,
  ApplicationId: IdParam,
  PermissionId: IdParam,
});
/** The default value: the permission's truevalue or falsevalue. */
export const TemplateSave = z.object({ DefaultValue: line(200) });
export type TemplateSave = z.infer<typeof TemplateSave>;
