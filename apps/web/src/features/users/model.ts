/**
 * The user-administration screens' pure part (administration.md §2, §4-§6, §8; decision 026): the spec's texts, the
 * form's values and the request they make, what a user manager (role 6) may offer, and the previews of the
 * company-role template ('apply default permissions', 'load default applications').
 */
import type {
  AdminApplication,
  CompanyRolePermissionTemplate,
  CompanyRoles,
  PermissionDef,
  SessionUser,
  UserDetail,
  UserUpdateRequest,
} from '@cc/contract';
import { EXTENSION_PATTERN } from '@cc/contract';
import {
  applicationGrantRefusal,
  CompanyType,
  isAdministrator,
  isNorthAmericanPhone,
  PASSWORD_MESSAGES,
  passwordProblem,
  passwordRuleChecks,
  permissionGrantRefusal,
  offerExcess,
  userAdminReach,
  usernameProblem,
  type UserAdminActor,
} from '@cc/domain';

/** The spec's texts (§5, §8), exactly. */
export const TEXTS = {
  invalid: 'Please correct invalid entries and try again.',
  updated: 'User information updated.',
  created: (password: string) => `User Created with Password: ${password}`,
  passwordUpdated: (name: string) => `Updated Password for: ${name}`,
  deleted: (name: string) => `User ${name} was successfully deleted.`,
  passwordCancelled: 'Password Update Cancelled...',
  deleteCancelled: (name: string) => `Action cancelled! User ${name} was NOT deleted...`,
  saveCancelled: 'Save Cancelled...',
} as const;

export const USERS_PATH = '/UserManagement';
export const editUserPath = (userId: number) => `/editUser/${userId}`;
export const ADD_USER_PATH = '/addUser';

export function actorOf(user: SessionUser): UserAdminActor {
  return {
    userId: user.UserId,
    roleId: user.RoleId,
    companyId: user.CompanyId,
    sqldbid: user.SQLDBID,
    branches: user.Branches.map((b) => b.branchno),
    permissions: user.permissions,
    applications: user.Applications.map((a) => a.ApplicationId),
  };
}

export const isAdminActor = (actor: UserAdminActor) => isAdministrator(actor.permissions);

// ---- The form ------------------------------------------------------------------------------------------------

export interface UserFormValues {
  Username: string;
  FirstName: string;
  LastName: string;
  Email: string;
  phone: string;
  /** The phone extension a phone system may name the user by; '' is none (decision 081). */
  extension: string;
  /** Select values are strings; '' is none. */
  BrandId: string;
  CompanyId: string;
  RoleId: string;
  SQLDBID: string;
  Branches: string[];
  allowCorporate: boolean;
  allowFranchise: boolean;
  isAdmin: boolean;
  allowVerification: boolean;
  measureItToolOnly: boolean;
  Applications: number[];
  /** PermissionId → value, for the permissions of the chosen applications. */
  permissions: Record<string, string>;
  /** A new user's password, or '' for the default one (§5); not on the edit form (the password dialog resets it). */
  password: string;
  confirmPassword: string;
  /** The next sign-in with a password must choose a new one (decisions 064, 078). */
  mustChangePassword: boolean;
}

export const CSR_FLAGS = [
  { key: 'allowCorporate', label: 'Allow corporate' },
  { key: 'allowFranchise', label: 'Allow franchise' },
  { key: 'isAdmin', label: 'Call-centre admin' },
  { key: 'allowVerification', label: 'Allow verification' },
  { key: 'measureItToolOnly', label: 'MeasureIt tool only' },
] as const;

/** A new user, in the actor's own company and franchise when the actor is bound to them. */
export function emptyForm(actor: UserAdminActor): UserFormValues {
  const reach = userAdminReach(actor);
  return {
    Username: '',
    FirstName: '',
    LastName: '',
    Email: '',
    phone: '',
    extension: '',
    BrandId: '',
    CompanyId: reach.kind === 'company' ? String(reach.companyId) : '',
    RoleId: '',
    SQLDBID: reach.kind === 'company' && reach.sqldbid !== null ? String(reach.sqldbid) : '',
    Branches: [],
    allowCorporate: false,
    allowFranchise: false,
    isAdmin: false,
    allowVerification: false,
    measureItToolOnly: false,
    Applications: [],
    permissions: {},
    password: '',
    confirmPassword: '',
    mustChangePassword: true,
  };
}

const str = (n: number | null) => (n === null ? '' : String(n));

export function formOf(user: UserDetail, defs: readonly PermissionDef[]): UserFormValues {
  const apps = user.Applications.map((a) => a.ApplicationId);
  const permissions: Record<string, string> = {};
  for (const def of defs) {
    if (!apps.includes(def.ApplicationId)) continue;
    const held = user.permissions.find((p) => p.PermissionId === def.PermissionId);
    permissions[def.PermissionId] = held?.value ?? def.Values.falsevalue;
  }
  return {
    Username: user.Username,
    FirstName: user.FirstName,
    LastName: user.LastName,
    Email: user.Email,
    phone: user.phone,
    extension: user.extension,
    BrandId: str(user.BrandId),
    CompanyId: str(user.CompanyId),
    RoleId: str(user.RoleId),
    SQLDBID: str(user.SQLDBID),
    Branches: user.Branches.map((b) => b.branchno),
    allowCorporate: user.allowCorporate,
    allowFranchise: user.allowFranchise,
    isAdmin: user.isAdmin,
    allowVerification: user.allowVerification,
    measureItToolOnly: user.measureItToolOnly,
    Applications: apps,
    permissions,
    password: '',
    confirmPassword: '',
    mustChangePassword: user.mustChangePassword,
  };
}

const num = (s: string) => (s === '' ? null : Number(s));

/** The save request: the user, its branches (independent franchise only), and all its grants (§4). */
export function requestOf(values: UserFormValues, defs: readonly PermissionDef[]): UserUpdateRequest {
  const Applications = [...new Set(values.Applications)];
  const permissions = defs
    .filter((d) => Applications.includes(d.ApplicationId))
    .map((d) => ({
      ApplicationId: d.ApplicationId,
      PermissionId: d.PermissionId,
      value: values.permissions[d.PermissionId] ?? d.Values.falsevalue,
    }));
  const companyId = Number(values.CompanyId);
  return {
    Username: values.Username.trim(),
    FirstName: values.FirstName.trim(),
    LastName: values.LastName.trim(),
    Email: values.Email.trim(),
    phone: values.phone.trim(),
    extension: values.extension.trim(),
    BrandId: num(values.BrandId),
    CompanyId: companyId,
    RoleId: Number(values.RoleId),
    SQLDBID: num(values.SQLDBID),
    Branches: companyId === CompanyType.IndependentFranchise ? values.Branches : [],
    allowCorporate: values.allowCorporate,
    allowFranchise: values.allowFranchise,
    isAdmin: values.isAdmin,
    allowVerification: values.allowVerification,
    measureItToolOnly: values.measureItToolOnly,
    Applications,
    permissions,
    mustChangePassword: values.mustChangePassword,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_MESSAGE = 'Enter a North American number (optional +1, area code, extension) or leave it empty.';
export const EXTENSION_MESSAGE = 'Enter 2 to 10 digits, or leave it empty.';

/** The form's rules (§5). A username kept as it was is not held to rules it predates (decision 026). */
export function formRules(original: string | null) {
  return {
    Username: (v: string) => (original !== null && v === original ? null : usernameProblem(v.trim())),
    FirstName: (v: string) => (v.trim() ? null : 'First name is required.'),
    LastName: (v: string) => (v.trim() ? null : 'Last name is required.'),
    Email: (v: string) => (v.trim() === '' || EMAIL.test(v.trim()) ? null : 'Enter a valid email address.'),
    phone: (v: string) => (isNorthAmericanPhone(v) ? null : PHONE_MESSAGE),
    extension: (v: string) => (v.trim() === '' || EXTENSION_PATTERN.test(v.trim()) ? null : EXTENSION_MESSAGE),
    CompanyId: (v: string) => (v ? null : 'Choose a company.'),
    RoleId: (v: string) => (v ? null : 'Choose a role.'),
    // Empty: the default password (§5); otherwise the live rules, and the confirmation must match.
    password: (v: string) => (v === '' ? null : passwordProblem(v)),
    confirmPassword: (v: string, values: Pick<UserFormValues, 'password'>) =>
      v === values.password ? null : PASSWORD_MESSAGES.confirm,
  };
}

/** A new user's password in the create request: none (the default) when the form leaves it empty. */
export function passwordOf(values: Pick<UserFormValues, 'password' | 'confirmPassword' | 'mustChangePassword'>) {
  // The default password is always changed at the first sign-in (decision 078).
  return values.password === ''
    ? { mustChangePassword: true }
    : {
        password: values.password,
        confirmPassword: values.confirmPassword,
        mustChangePassword: values.mustChangePassword,
      };
}

// ---- What the actor may offer ---------------------------------------------------------------------------------

/**
 * The company's roles the actor may give: none whose own rights it lacks (role 1, or role 9's price edits for a user
 * manager without them; decision 056), but the user's role when the form opened, which is shown as it is.
 */
export function roleOptions(
  companyRoles: readonly CompanyRoles[],
  companyId: number,
  actor: UserAdminActor,
  currentRoleId: number | null,
): { value: string; label: string }[] {
  const roles = companyRoles.find((c) => c.CompanyId === companyId)?.Roles ?? [];
  return roles
    .filter((r) => r.RoleId === currentRoleId || offerExcess(actor, companyId, r.RoleId) === null)
    .map((r) => ({ value: String(r.RoleId), label: r.Description }));
}

/** May the actor offer the company (its price edits and reach are the actor's own)? The user's own company stays. */
export const canOfferCompany = (actor: UserAdminActor, companyId: number, currentCompanyId: number | null) =>
  companyId === currentCompanyId || offerExcess(actor, companyId, actor.roleId) === null;

/** May the actor give this application to the user (who had `heldBefore` when the form opened)? */
export const canGiveApplication = (actor: UserAdminActor, applicationId: number, heldBefore: boolean) =>
  heldBefore || applicationGrantRefusal(actor, applicationId) === null;

/** May the actor set this permission to `value` (the user's own value when the form opened may stay)? */
export const canGiveValue = (actor: UserAdminActor, def: PermissionDef, value: string, heldBefore: string | null) =>
  value === heldBefore ||
  permissionGrantRefusal(actor, { permissionId: def.PermissionId, falsevalue: def.Values.falsevalue }, value) === null;

/** The original grants of the user being edited, for the checks above. */
export interface Held {
  applications: readonly number[];
  permissions: Readonly<Record<string, string>>;
}
export const NOTHING_HELD: Held = { applications: [], permissions: {} };

// ---- The company-role template --------------------------------------------------------------------------------

export interface PermissionChange {
  PermissionId: number;
  name: string;
  application: string;
  from: string;
  to: string;
  /** False when the actor may not give the value: the change is shown and not applied. */
  allowed: boolean;
}

export interface ApplicationChange {
  ApplicationId: number;
  name: string;
  allowed: boolean;
}

export interface TemplatePreview {
  kind: 'permissions' | 'applications';
  add: ApplicationChange[];
  remove: ApplicationChange[];
  permissions: PermissionChange[];
}

export interface PreviewContext {
  templates: readonly CompanyRolePermissionTemplate[];
  values: UserFormValues;
  defs: readonly PermissionDef[];
  applications: readonly AdminApplication[];
  actor: UserAdminActor;
  held: Held;
}

/** A permission as people read it: its description from the reference data; its code name only when it has none. */
export const permissionLabel = (def: Pick<PermissionDef, 'Name' | 'Description'>): string =>
  def.Description.trim() || def.Name;

const appName = (apps: readonly AdminApplication[], id: number) =>
  apps.find((a) => a.ApplicationId === id)?.Name ?? `Application ${id}`;

function permissionChanges(ctx: PreviewContext, apps: readonly number[]): PermissionChange[] {
  const changes: PermissionChange[] = [];
  for (const def of ctx.defs) {
    if (!apps.includes(def.ApplicationId)) continue;
    const row = ctx.templates.find((t) => t.PermissionId === def.PermissionId && t.ApplicationId === def.ApplicationId);
    const from = ctx.values.permissions[def.PermissionId] ?? def.Values.falsevalue;
    const to = row?.DefaultValue ?? def.Values.falsevalue;
    if (from === to && ctx.values.Applications.includes(def.ApplicationId)) continue;
    changes.push({
      PermissionId: def.PermissionId,
      name: permissionLabel(def),
      application: appName(ctx.applications, def.ApplicationId),
      from: ctx.values.Applications.includes(def.ApplicationId) ? from : '(none)',
      to,
      allowed: canGiveValue(ctx.actor, def, to, ctx.held.permissions[def.PermissionId] ?? null),
    });
  }
  return changes;
}

/** 'Apply default permissions': each permission of the user's applications takes the template's value. */
export function previewDefaultPermissions(ctx: PreviewContext): TemplatePreview {
  return { kind: 'permissions', add: [], remove: [], permissions: permissionChanges(ctx, ctx.values.Applications) };
}

/**
 * 'Load default applications': the applications become the template's (those it names), and the permissions of
 * the applications added take the template's values.
 */
export function previewDefaultApplications(ctx: PreviewContext): TemplatePreview {
  const wanted = [...new Set(ctx.templates.map((t) => t.ApplicationId))];
  const current = ctx.values.Applications;
  const add = wanted
    .filter((id) => !current.includes(id))
    .map((id) => ({
      ApplicationId: id,
      name: appName(ctx.applications, id),
      allowed: canGiveApplication(ctx.actor, id, ctx.held.applications.includes(id)),
    }));
  const remove = current
    .filter((id) => !wanted.includes(id))
    .map((id) => ({ ApplicationId: id, name: appName(ctx.applications, id), allowed: true }));
  const added = add.filter((a) => a.allowed).map((a) => a.ApplicationId);
  return { kind: 'applications', add, remove, permissions: permissionChanges(ctx, added) };
}

export const previewIsEmpty = (p: TemplatePreview) =>
  p.add.length === 0 && p.remove.length === 0 && p.permissions.length === 0;

/** The form's values with the allowed changes of a preview made. */
export function applyPreview(values: UserFormValues, preview: TemplatePreview): UserFormValues {
  const removed = preview.remove.filter((a) => a.allowed).map((a) => a.ApplicationId);
  const added = preview.add.filter((a) => a.allowed).map((a) => a.ApplicationId);
  const Applications = [...values.Applications.filter((id) => !removed.includes(id)), ...added];
  const permissions = { ...values.permissions };
  for (const change of preview.permissions) if (change.allowed) permissions[change.PermissionId] = change.to;
  return { ...values, Applications, permissions };
}

/** Adding or removing one application: an added one's permissions start at their falsevalue. */
export function toggleApplication(
  values: UserFormValues,
  applicationId: number,
  on: boolean,
  defs: readonly PermissionDef[],
): Pick<UserFormValues, 'Applications' | 'permissions'> {
  const permissions = { ...values.permissions };
  const own = defs.filter((d) => d.ApplicationId === applicationId);
  if (on) {
    for (const d of own) permissions[d.PermissionId] ??= d.Values.falsevalue;
    return { Applications: [...values.Applications, applicationId], permissions };
  }
  for (const d of own) delete permissions[d.PermissionId];
  return { Applications: values.Applications.filter((id) => id !== applicationId), permissions };
}

// ---- The password dialog ---------------------------------------------------------------------------------------

/** The §5 password rules, each met or not, for the checklist shown as the user types. */
export const passwordRules = passwordRuleChecks;
