/**
 * The reference data of user administration (decision 026): the spec's lists, read by user
 * managers, and the administrators' adds and edits of brands, companies with their roles, applications,
 * permissions and company-role permission templates, each in a transaction with its audit row.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AdminApplication,
  Brand,
  BrandSave,
  CompanyRolePermissionTemplate,
  CompanyRoles,
  CompanySave,
  PermissionDef,
  TemplateSave,
  TemplatesRequest,
} from '@cc/contract';
import type { z } from 'zod';
import type { ApplicationSave as ApplicationSaveSchema, PermissionSave as PermissionSaveSchema } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import {
  applications,
  brands,
  companies,
  companyRolePermissionTemplates as templates,
  companyRoles,
  permissions,
  roles,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { writeAudit } from './audit.js';
import { validationError } from './validate.js';

type ApplicationInput = z.output<typeof ApplicationSaveSchema>;
type PermissionInput = z.output<typeof PermissionSaveSchema>;

// ---- Lists ----------------------------------------------------------------------------------------------------

export const listBrands = (db: DbOrTx): Promise<Brand[]> =>
  db.select({ BrandId: brands.brandId, BrandName: brands.brandName }).from(brands).orderBy(asc(brands.brandId));

export const listCompanies = (db: DbOrTx) =>
  db
    .select({ CompanyId: companies.companyId, Description: companies.description })
    .from(companies)
    .orderBy(asc(companies.companyId));

export const listRoles = (db: DbOrTx) =>
  db
    .select({ RoleId: roles.roleId, Name: roles.name, Description: roles.description })
    .from(roles)
    .orderBy(asc(roles.roleId));

export async function listCompanyRoles(db: DbOrTx): Promise<CompanyRoles[]> {
  const rows = await db
    .select({ CompanyId: companies.companyId, RoleId: roles.roleId, Description: roles.description })
    .from(companies)
    .leftJoin(companyRoles, eq(companyRoles.companyId, companies.companyId))
    .leftJoin(roles, eq(roles.roleId, companyRoles.roleId))
    .orderBy(asc(companies.companyId), asc(roles.roleId));
  const out = new Map<number, CompanyRoles>();
  for (const r of rows) {
    const entry = out.get(r.CompanyId) ?? { CompanyId: r.CompanyId, Roles: [] };
    if (r.RoleId !== null && r.Description !== null) entry.Roles.push({ RoleId: r.RoleId, Description: r.Description });
    out.set(r.CompanyId, entry);
  }
  return [...out.values()];
}

const applicationColumns = {
  ApplicationId: applications.applicationId,
  Name: applications.name,
  Description: applications.description,
  SRef: applications.sref,
  URL: applications.url,
  sortOrder: applications.sortOrder,
};
export const listApplications = (db: DbOrTx): Promise<AdminApplication[]> =>
  db
    .select(applicationColumns)
    .from(applications)
    .orderBy(asc(applications.sortOrder), asc(applications.applicationId));

const permissionColumns = {
  PermissionId: permissions.permissionId,
  ApplicationId: permissions.applicationId,
  Name: permissions.name,
  Description: permissions.description,
  Values: permissions.values,
};
export const listPermissions = (db: DbOrTx): Promise<PermissionDef[]> =>
  db.select(permissionColumns).from(permissions).orderBy(asc(permissions.permissionId));

const templateColumns = {
  CompanyId: templates.companyId,
  RoleId: templates.roleId,
  ApplicationId: templates.applicationId,
  PermissionId: templates.permissionId,
  DefaultValue: templates.defaultValue,
};
export function listTemplates(db: DbOrTx, input: TemplatesRequest): Promise<CompanyRolePermissionTemplate[]> {
  const conditions: SQL[] = [];
  if (input.CompanyId !== undefined) conditions.push(eq(templates.companyId, input.CompanyId));
  if (input.RoleId !== undefined) conditions.push(eq(templates.roleId, input.RoleId));
  return db
    .select(templateColumns)
    .from(templates)
    .where(and(...conditions))
    .orderBy(
      asc(templates.companyId),
      asc(templates.roleId),
      asc(templates.applicationId),
      asc(templates.permissionId),
    );
}

// ---- Writes (role 1) --------------------------------------------------------------------------------------------

/** The next id of a table whose ids are given, not generated; the table is locked so two adds cannot take it. */
async function nextId(tx: DbOrTx, table: string, column: string): Promise<number> {
  await tx.execute(sql.raw(`lock table ${table} in share row exclusive mode`));
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql.raw(`select coalesce(max(${column}), 0) + 1 as id from ${table}`)),
  );
  return Number(rows[0]?.id ?? 1);
}

export async function saveBrand(
  ctx: AppContext,
  user: AuthUser,
  brandId: number | null,
  input: BrandSave,
): Promise<Brand> {
  return ctx.db.transaction(async (tx) => {
    const [before] =
      brandId === null ? [] : await tx.select().from(brands).where(eq(brands.brandId, brandId)).for('update');
    if (brandId !== null && !before) throw notFound('No such brand.');
    const id = brandId ?? (await nextId(tx, 'brands', 'brand_id'));
    await tx
      .insert(brands)
      .values({ brandId: id, brandName: input.BrandName })
      .onConflictDoUpdate({ target: brands.brandId, set: { brandName: input.BrandName } });
    const after = { BrandId: id, BrandName: input.BrandName };
    await writeAudit(ctx, tx, user, {
      action: before ? 'update' : 'create',
      entity: 'brand',
      entityId: id,
      before: before ? { BrandId: before.brandId, BrandName: before.brandName } : null,
      after,
    });
    return after;
  });
}

export async function saveCompany(
  ctx: AppContext,
  user: AuthUser,
  companyId: number | null,
  input: CompanySave,
): Promise<{ CompanyId: number; Description: string; Roles: number[] }> {
  return ctx.db.transaction(async (tx) => {
    const [before] =
      companyId === null
        ? []
        : await tx.select().from(companies).where(eq(companies.companyId, companyId)).for('update');
    if (companyId !== null && !before) throw notFound('No such company.');
    const roleIds = [...new Set(input.Roles)].sort((a, b) => a - b);
    const known = await tx.select({ id: roles.roleId }).from(roles);
    const unknown = roleIds.filter((id) => !known.some((k) => k.id === id));
    if (unknown.length > 0) throw validationError({ Roles: `No such role: ${unknown.join(', ')}.` });
    const id = companyId ?? (await nextId(tx, 'companies', 'company_id'));
    const beforeRoles = before
      ? (await tx.select({ id: companyRoles.roleId }).from(companyRoles).where(eq(companyRoles.companyId, id))).map(
          (r) => r.id,
        )
      : [];
    await tx
      .insert(companies)
      .values({ companyId: id, description: input.Description })
      .onConflictDoUpdate({ target: companies.companyId, set: { description: input.Description } });
    await tx.delete(companyRoles).where(eq(companyRoles.companyId, id));
    if (roleIds.length > 0) await tx.insert(companyRoles).values(roleIds.map((roleId) => ({ companyId: id, roleId })));
    const after = { CompanyId: id, Description: input.Description, Roles: roleIds };
    await writeAudit(ctx, tx, user, {
      action: before ? 'update' : 'create',
      entity: 'company',
      entityId: id,
      before: before
        ? { CompanyId: id, Description: before.description, Roles: beforeRoles.sort((a, b) => a - b) }
        : null,
      after,
    });
    return after;
  });
}

export async function saveApplication(
  ctx: AppContext,
  user: AuthUser,
  applicationId: number | null,
  input: ApplicationInput,
): Promise<AdminApplication> {
  return ctx.db.transaction(async (tx) => {
    const [before] =
      applicationId === null
        ? []
        : await tx
            .select(applicationColumns)
            .from(applications)
            .where(eq(applications.applicationId, applicationId))
            .for('update');
    if (applicationId !== null && !before) throw notFound('No such application.');
    const id = applicationId ?? (await nextId(tx, 'applications', 'application_id'));
    const row = {
      name: input.Name,
      description: input.Description,
      sref: input.SRef,
      url: input.URL,
      sortOrder: input.sortOrder,
    };
    await tx
      .insert(applications)
      .values({ applicationId: id, ...row })
      .onConflictDoUpdate({ target: applications.applicationId, set: row });
    const [after] = await tx.select(applicationColumns).from(applications).where(eq(applications.applicationId, id));
    if (!after) throw notFound('No such application.');
    await writeAudit(ctx, tx, user, {
      action: before ? 'update' : 'create',
      entity: 'application',
      entityId: id,
      before: before ?? null,
      after,
    });
    return after;
  });
}

export async function savePermission(
  ctx: AppContext,
  user: AuthUser,
  permissionId: number | null,
  input: PermissionInput,
): Promise<PermissionDef> {
  return ctx.db.transaction(async (tx) => {
    const [before] =
      permissionId === null
        ? []
        : await tx
            .select(permissionColumns)
            .from(permissions)
            .where(eq(permissions.permissionId, permissionId))
            .for('update');
    if (permissionId !== null && !before) throw notFound('No such permission.');
    const [app] = await tx.select().from(applications).where(eq(applications.applicationId, input.ApplicationId));
    if (!app) throw validationError({ ApplicationId: 'No such application.' });
    const [sameName] = await tx.select().from(permissions).where(eq(permissions.name, input.Name));
    if (sameName && sameName.permissionId !== permissionId) throw validationError({ Name: 'The name is taken.' });
    if (before && before.ApplicationId !== input.ApplicationId) {
      // Users and templates hold the permission under its application: moving it would leave them pointing wrong.
      const [used] = rowsOf<unknown>(
        await tx.execute(sql`select 1 from user_permissions where permission_id = ${before.PermissionId}
          union all select 1 from company_role_permission_templates where permission_id = ${before.PermissionId} limit 1`),
      );
      if (used)
        throw validationError({ ApplicationId: 'The permission is in use and cannot move to another application.' });
    }
    const id = permissionId ?? (await nextId(tx, 'permissions', 'permission_id'));
    const row = {
      applicationId: input.ApplicationId,
      name: input.Name,
      description: input.Description,
      values: input.Values,
    };
    await tx
      .insert(permissions)
      .values({ permissionId: id, ...row })
      .onConflictDoUpdate({ target: permissions.permissionId, set: row });
    const after = {
      PermissionId: id,
      ApplicationId: input.ApplicationId,
      Name: input.Name,
      Description: input.Description,
      Values: input.Values,
    };
    await writeAudit(ctx, tx, user, {
      action: before ? 'update' : 'create',
      entity: 'permission',
      entityId: id,
      before: before ?? null,
      after,
    });
    return after;
  });
}

type TemplateKey = { CompanyId: number; RoleId: number; ApplicationId: number; PermissionId: number };
const templateWhere = (k: TemplateKey) =>
  and(
    eq(templates.companyId, k.CompanyId),
    eq(templates.roleId, k.RoleId),
    eq(templates.applicationId, k.ApplicationId),
    eq(templates.permissionId, k.PermissionId),
  );
const keyText = (k: TemplateKey) => `${k.CompanyId}:${k.RoleId}:${k.ApplicationId}:${k.PermissionId}`;

/** Set a template's default value: the company must give the role, the permission be of the application. */
export async function saveTemplate(
  ctx: AppContext,
  user: AuthUser,
  key: TemplateKey,
  input: TemplateSave,
): Promise<CompanyRolePermissionTemplate> {
  return ctx.db.transaction(async (tx) => {
    const [companyRole] = await tx
      .select()
      .from(companyRoles)
      .where(and(eq(companyRoles.companyId, key.CompanyId), eq(companyRoles.roleId, key.RoleId)));
    if (!companyRole) throw notFound('The company does not give this role.');
    const [permission] = await tx
      .select()
      .from(permissions)
      .where(and(eq(permissions.permissionId, key.PermissionId), eq(permissions.applicationId, key.ApplicationId)));
    if (!permission) throw notFound('No such permission of this application.');
    const { truevalue, falsevalue } = permission.values;
    if (input.DefaultValue !== truevalue && input.DefaultValue !== falsevalue) {
      throw validationError({ DefaultValue: `must be ${truevalue} or ${falsevalue}` });
    }
    const [before] = await tx.select(templateColumns).from(templates).where(templateWhere(key)).for('update');
    await tx
      .insert(templates)
      .values({
        companyId: key.CompanyId,
        roleId: key.RoleId,
        applicationId: key.ApplicationId,
        permissionId: key.PermissionId,
        defaultValue: input.DefaultValue,
      })
      .onConflictDoUpdate({
        target: [templates.companyId, templates.roleId, templates.applicationId, templates.permissionId],
        set: { defaultValue: input.DefaultValue },
      });
    const after = { ...key, DefaultValue: input.DefaultValue };
    await writeAudit(ctx, tx, user, {
      action: before ? 'update' : 'create',
      entity: 'template',
      entityId: keyText(key),
      before: before ?? null,
      after,
    });
    return after;
  });
}

export async function deleteTemplate(ctx: AppContext, user: AuthUser, key: TemplateKey): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(templates).where(templateWhere(key)).returning(templateColumns);
    if (removed.length === 0) throw notFound('No such template.');
    await writeAudit(ctx, tx, user, {
      action: 'delete',
      entity: 'template',
      entityId: keyText(key),
      before: removed[0],
      after: null,
    });
    return removed.length;
  });
}
