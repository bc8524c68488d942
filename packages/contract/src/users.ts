/**
 * User administration (administration.md §2-§8; docs/decisions/026-user-administration.md): the user grid,
 * one user, creating and saving users, their applications and permissions, the admin password reset and the audit
 * log. Field names are the spec's (§3) where it names them; anything new is camelCase.
 *
 * The rules of §5 that need more than the field (the username's format and uniqueness, the password's rules, the
 * confirmation) are the server's, answered as a 400 naming the field; the web app checks the same rules as the user
 * types with `usernameProblem`, `passwordProblem` and `isNorthAmericanPhone` from @cc/domain.
 */
import { isNorthAmericanPhone } from '@cc/domain';
import { z } from './zod.js';
import { Application } from './auth.js';
import { AuditNames } from './audit-names.js';
import { Id, IdParam, int4, int4Param, line, page, secret } from './common.js';

/** Every user field the forms send as text is at most this long; the §5 rules are checked on the server. */
const NAME_MAX = 100;

export const UserIdPath = z.object({ UserId: IdParam });
export const UserIdLowerPath = z.object({ id: IdParam });
export const UserApplicationPath = z.object({ UserId: IdParam, ApplicationId: IdParam });
export const UserPermissionPath = z.object({ UserId: IdParam, ApplicationId: IdParam, PermissionId: IdParam });

// ---- The grid: POST /api/users/ ------------------------------------------------------------------------------

export const USER_SORT_COLUMNS = ['Username', 'FirstName', 'LastName', 'Brand', 'Company', 'Role'] as const;
export const USER_PAGE_SIZES = [25, 50, 100, 500] as const;

/**
 * One page of the user grid. Every field may be left out: `{}` is the first page of 100 by username. `search` finds
 * users whose username, first name, last name, brand, company or role contains the text (any case, literally).
 * Sorting is by one column, with the user id last so pages never overlap.
 */
export const UserListRequest = z.object({
  page: int4(1).default(1),
  pageSize: int4(1, 1000).default(100),
  sort: z.enum(USER_SORT_COLUMNS).default('Username'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  search: line(100).default(''),
});
export type UserListRequest = z.input<typeof UserListRequest>;

/**
 * How a user signs in (decision 068): 'password' with the sign-in dialog only; 'company' through the identity server
 * only (an account its first sign-in made); 'both', an account of this application linked to an identity by its
 * verified email. For 'company' and 'both', each company sign-in sets the name, email, role, brand, company and
 * permissions again from the identity server.
 */
export const SignInKind = z.enum(['password', 'company', 'both']);
export type SignInKind = z.infer<typeof SignInKind>;

export const UserListRow = z.object({
  UserId: z.number().int(),
  Username: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  BrandId: z.number().int().nullable(),
  Brand: z.string().nullable(),
  CompanyId: z.number().int(),
  Company: z.string(),
  RoleId: z.number().int(),
  Role: z.string(),
  SignIn: SignInKind,
});
export type UserListRow = z.infer<typeof UserListRow>;
/** `{ data, total, page, pageSize }`: `total` counts every user the search finds (that the caller may see). */
export const UserListResponse = page(UserListRow);
export type UserListResponse = z.infer<typeof UserListResponse>;

// ---- One user -------------------------------------------------------------------------------------------------

/** A permission as a user holds it (§3 Permission): `Values` is the permission's allowed values. */
export const UserPermission = z.object({
  UserId: z.number().int(),
  ApplicationId: z.number().int(),
  PermissionId: z.number().int(),
  Name: z.string(),
  Values: z.object({ truevalue: z.string(), falsevalue: z.string() }),
  value: z.string(),
});
export type UserPermission = z.infer<typeof UserPermission>;

/** The CSR flags (§3); `measureItToolOnly` limits the user to MeasureIt whatever its applications. */
export const CsrFlags = z.object({
  allowCorporate: z.boolean(),
  allowFranchise: z.boolean(),
  isAdmin: z.boolean(),
  allowVerification: z.boolean(),
  measureItToolOnly: z.boolean(),
});
export type CsrFlags = z.infer<typeof CsrFlags>;

/** GET /api/users/user/:id, and the answer of every save. */
export const UserDetail = z
  .object({
    UserId: z.number().int(),
    Username: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    Email: z.string(),
    phone: z.string(),
    BrandId: z.number().int().nullable(),
    CompanyId: z.number().int(),
    RoleId: z.number().int(),
    SQLDBID: z.number().int().nullable(),
    Branches: z.array(z.object({ branchno: z.string() })),
    Applications: z.array(Application),
    permissions: z.array(UserPermission),
    SignIn: SignInKind,
    /**
     * The user's next sign-in with a password must choose a new one (decision 064): set by an administrator's
     * password, cleared by the user's own change or by an administrator (decision 078).
     */
    mustChangePassword: z.boolean(),
    /** The user's phone extension (digits), or empty: a phone system's event may name the agent by it. */
    extension: z.string(),
  })
  .extend(CsrFlags.shape);
export type UserDetail = z.infer<typeof UserDetail>;

const phone = line(40).refine(
  isNorthAmericanPhone,
  'must be empty or a North American number (optional +1, area code, extension)',
);
const email = z.union([z.literal(''), z.email('Enter a valid email address.').max(200)]);
/** Empty, or 2 to 10 digits: unique among active users (docs/decisions/081-phone-lines-extensions-live-state.md). */
export const EXTENSION_PATTERN = /^\d{2,10}$/;
const extension = line(20).refine((v) => v === '' || EXTENSION_PATTERN.test(v), 'must be empty or 2 to 10 digits');

/** A permission value as the forms send it with a user. */
export const PermissionValue = z.object({ ApplicationId: Id, PermissionId: Id, value: line(200) });
export type PermissionValue = z.infer<typeof PermissionValue>;

/**
 * The fields of a user the add and edit forms save. `Applications` and `permissions`, when given, replace the user's
 * (in the same transaction as the rest: §4 "saving a valid user saves the user and all permissions"); when left out
 * they stay as they are. Branches are branch numbers (franchises' `branchno`).
 */
const userFields = {
  Username: line(NAME_MAX),
  FirstName: line(NAME_MAX).min(1, 'First name is required.'),
  LastName: line(NAME_MAX).min(1, 'Last name is required.'),
  Email: email.default(''),
  phone: phone.default(''),
  extension: extension.default(''),
  BrandId: Id.nullable().default(null),
  CompanyId: Id,
  RoleId: Id,
  SQLDBID: int4(1).nullable().default(null),
  Branches: z.array(line(20)).max(500).default([]),
  allowCorporate: z.boolean().default(false),
  allowFranchise: z.boolean().default(false),
  isAdmin: z.boolean().default(false),
  allowVerification: z.boolean().default(false),
  measureItToolOnly: z.boolean().default(false),
  Applications: z.array(Id).max(200).optional(),
  permissions: z.array(PermissionValue).max(500).optional(),
};

/**
 * PUT /api/users/:UserId (updateUser). `mustChangePassword`, when given, sets or clears the pending password change
 * (decision 078); left out, it stays as it is.
 */
export const UserUpdateRequest = z.object({ ...userFields, mustChangePassword: z.boolean().optional() });
export type UserUpdateRequest = z.input<typeof UserUpdateRequest>;

/**
 * POST /api/users/user/ (createUser). Without `password` the user gets the fixed default password, which the answer
 * carries once (`defaultPassword`) for the toast 'User Created with Password: ...'.
 */
export const UserCreateRequest = z.object({
  ...userFields,
  password: secret(200).optional(),
  confirmPassword: secret(200).optional(),
  /** Off only with a typed password: the default one is always changed at the first sign-in (decision 078). */
  mustChangePassword: z.boolean().default(true),
});
export type UserCreateRequest = z.input<typeof UserCreateRequest>;
export const UserCreateResponse = z.object({ user: UserDetail, defaultPassword: z.string().nullable() });
export type UserCreateResponse = z.infer<typeof UserCreateResponse>;

/** POST /api/users/usernameexists/: is the name taken by anyone but `userId` (0 or left out for a new user)? */
export const UsernameExistsRequest = z.object({ userId: int4(0).default(0), username: line(NAME_MAX) });
export type UsernameExistsRequest = z.input<typeof UsernameExistsRequest>;
export const UsernameExistsResponse = z.object({ exists: z.boolean() });

/** POST /api/users/userpermissions/: one user's permissions. */
export const UserPermissionsRequest = z.object({ UserId: Id });
export const UserPermissionsResponse = z.array(UserPermission);

/** PUT /api/userapplicationpermissions/…: the value, one of the permission's truevalue and falsevalue. */
export const PermissionValueRequest = z.object({ value: line(200) });
export type PermissionValueRequest = z.infer<typeof PermissionValueRequest>;

/** PUT /api/users/:UserId/password/ (updatePassword, an administrator's reset): the user's other sessions end. */
export const PasswordResetRequest = z.object({ password: secret(200), confirmPassword: secret(200) });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** What a delete took away. */
export const RemovedResponse = z.object({ ok: z.literal(true), removed: z.number().int() });

// ---- Franchises for a user's branches: POST /api/users/franchises/ (getFranchises) --------------------------------

export const UserFranchise = z.object({
  branchno: z.string(),
  sqldbid: z.number().int(),
  comp_id: z.number().int(),
  compname: z.string(),
  def_comp: z.boolean(),
  designation: z.enum(['IND', 'COF']),
});
export type UserFranchise = z.infer<typeof UserFranchise>;
export const UserFranchisesResponse = z.array(UserFranchise);

// ---- The audit log: GET /api/users/audit/ (role 1) ----------------------------------------------------------------

export const AuditQuery = z.object({
  page: int4Param(1).default(1),
  pageSize: int4Param(1, 500).default(50),
  /** Only the changes to this user. */
  userId: IdParam.optional(),
});
export const AuditEntry = z.object({
  auditId: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int(),
  actorUsername: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  targetUserId: z.number().int().nullable(),
  /** The changed user's username now, whatever the row's before and after hold. */
  targetUsername: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
/** A page of the log, with the names of the ids its rows' before and after hold (audit-names.ts). */
export const AuditResponse = page(AuditEntry).extend({ names: AuditNames });
export type AuditResponse = z.infer<typeof AuditResponse>;
