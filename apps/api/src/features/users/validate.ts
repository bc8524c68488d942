/**
 * The checks a user's form must pass before anything is written (administration.md §5): the username's length,
 * characters and uniqueness, the password and its confirmation, and every id the form names (brand, company, the
 * company's role, franchise, branches, applications, permissions and their values), and that no other active user
 * has the phone extension (docs/decisions/081-phone-lines-extensions-live-state.md). All are collected, so the 400
 * names the first field and `errors` has them all.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PermissionValue, UserCreateRequest } from '@cc/contract';
import { PASSWORD_MESSAGES, passwordProblem, USERNAME_MESSAGES, usernameProblem, type Refusal } from '@cc/domain';
import type { z } from 'zod';
import type { UserUpdateRequest } from '@cc/contract';
import type { DbOrTx } from '../../db/client.js';
import {
  applications,
  brands,
  companyRoles,
  companies,
  franchises,
  permissions,
  users,
} from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { usernameTaken } from '../auth/index.js';

export type UserInput = z.output<typeof UserUpdateRequest>;

/** The advisory-lock class of saves of one phone extension (its hash is the second key). */
const EXTENSION_LOCK_CLASS = 2601;
export type CreateInput = z.output<typeof UserCreateRequest>;

export function validationError(errors: Record<string, string>): AppError {
  const [field, message] = Object.entries(errors)[0] ?? ['body', 'is invalid'];
  return new AppError('VALIDATION', `${field}: ${message}`, errors);
}

/** A refusal of the domain's rules as the error the client gets. */
export function refusalError(refusal: Refusal): AppError {
  const errors = refusal.field ? { [refusal.field]: refusal.message } : undefined;
  switch (refusal.status) {
    case 400:
      return validationError(errors ?? { body: refusal.message });
    case 403:
      return new AppError('FORBIDDEN', refusal.message, errors);
    case 404:
      return notFound(refusal.message);
    case 409:
      return new AppError('CONFLICT', refusal.message, errors);
  }
}

export function passwordErrors(password: string, confirm: string | undefined): Record<string, string> {
  const problem = passwordProblem(password);
  if (problem) return { password: problem };
  if (confirm !== password) return { confirmPassword: PASSWORD_MESSAGES.confirm };
  return {};
}

/** The permissions of a form, checked against the permissions table: the id, its application and the value. */
async function permissionErrors(
  db: DbOrTx,
  given: readonly PermissionValue[],
): Promise<{ errors: Record<string, string>; falsevalues: Map<number, string> }> {
  const ids = [...new Set(given.map((p) => p.PermissionId))];
  const rows = ids.length
    ? await db
        .select({ id: permissions.permissionId, app: permissions.applicationId, values: permissions.values })
        .from(permissions)
        .where(inArray(permissions.permissionId, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const falsevalues = new Map(rows.map((r) => [r.id, r.values.falsevalue]));
  for (const [i, p] of given.entries()) {
    const row = byId.get(p.PermissionId);
    const at = `permissions.${i}`;
    if (!row) return { errors: { [`${at}.PermissionId`]: 'No such permission.' }, falsevalues };
    if (row.app !== p.ApplicationId) {
      return { errors: { [`${at}.ApplicationId`]: 'The permission is not of this application.' }, falsevalues };
    }
    if (p.value !== row.values.truevalue && p.value !== row.values.falsevalue) {
      const message = `must be ${row.values.truevalue} or ${row.values.falsevalue}`;
      return { errors: { [`${at}.value`]: message }, falsevalues };
    }
  }
  if (ids.length !== given.length) return { errors: { permissions: 'A permission is given twice.' }, falsevalues };
  return { errors: {}, falsevalues };
}

/** Everything of a user's form the database must confirm; answers the permissions' falsevalues for the grant rules. */
export async function checkUserInput(
  db: DbOrTx,
  input: UserInput | CreateInput,
  before: { userId: number; username: string } | null,
): Promise<Map<number, string>> {
  const errors: Record<string, string> = {};
  // A name kept as it was is not held to rules it may predate (the demo accounts' 'csr.cof').
  if (!before || before.username !== input.Username) {
    const problem = usernameProblem(input.Username);
    if (problem) errors.Username = problem;
    else if (await usernameTaken(db, input.Username, before?.userId)) errors.Username = USERNAME_MESSAGES.taken;
  }
  if (input.extension !== '') {
    // Saves of one extension wait for one another, so two users never both pass the check (the index is the backstop).
    await db.execute(sql`select pg_advisory_xact_lock(${EXTENSION_LOCK_CLASS}, hashtext(${input.extension}))`);
    const [taken] = await db
      .select({ userId: users.userId })
      .from(users)
      .where(
        and(
          eq(users.extension, input.extension),
          eq(users.active, true),
          before ? ne(users.userId, before.userId) : undefined,
        ),
      );
    if (taken) errors.extension = 'Extension is already taken.';
  }
  if ('password' in input && input.password !== undefined) {
    Object.assign(errors, passwordErrors(input.password, input.confirmPassword));
  } else if ('confirmPassword' in input && input.confirmPassword) {
    errors.confirmPassword = PASSWORD_MESSAGES.confirm;
  }
  if (input.BrandId !== null) {
    const [brand] = await db.select().from(brands).where(eq(brands.brandId, input.BrandId));
    if (!brand) errors.BrandId = 'No such brand.';
  }
  const [company] = await db.select().from(companies).where(eq(companies.companyId, input.CompanyId));
  if (!company) errors.CompanyId = 'No such company.';
  else {
    const [role] = await db
      .select()
      .from(companyRoles)
      .where(and(eq(companyRoles.companyId, input.CompanyId), eq(companyRoles.roleId, input.RoleId)));
    if (!role) errors.RoleId = 'The role is not one of the company’s roles.';
  }
  if (input.SQLDBID !== null) {
    const [franchise] = await db.select().from(franchises).where(eq(franchises.sqldbid, input.SQLDBID)).limit(1);
    if (!franchise) errors.SQLDBID = 'No such franchise.';
  }
  const branches = [...new Set(input.Branches)];
  if (branches.length > 0) {
    const found = await db
      .select({ branchNo: franchises.branchNo })
      .from(franchises)
      .where(inArray(franchises.branchNo, branches));
    const missing = branches.filter((b) => !found.some((f) => f.branchNo === b));
    if (missing.length > 0) errors.Branches = `No such branch: ${missing.join(', ')}.`;
  }
  if (input.Applications && input.Applications.length > 0) {
    const ids = [...new Set(input.Applications)];
    const found = await db
      .select({ id: applications.applicationId })
      .from(applications)
      .where(inArray(applications.applicationId, ids));
    if (found.length !== ids.length) errors.Applications = 'No such application.';
  }
  const perms = await permissionErrors(db, input.permissions ?? []);
  Object.assign(errors, perms.errors);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return perms.falsevalues;
}

/** A refusal when the rule is broken: 403 'Access Denied.'-style answers keep the session (decision 022). */
export function deny(message: string, field?: string): AppError {
  return field ? new AppError('FORBIDDEN', message, { [field]: message }) : forbidden(message);
}
