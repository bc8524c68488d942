/**
 * Who may change which user, and to what (docs/decisions/026-user-administration.md). The spec
 * only says roles 1 and 6 manage users; these rules keep a user manager (role 6) below an administrator (role 1):
 * it cannot touch an administrator, make one, or hand out an application or permission it does not hold itself.
 * Nobody deletes or demotes themselves, and the last active administrator stays. Pure: the server applies them
 * inside the transaction of the change, with the rows it has just read.
 */
import { hasPermission, isAdministrator, Role, type PermissionList } from './access.js';
import { CompanyType } from './constants.js';
import { App } from './route-access.js';
import { rightsExcess, selfWidening, type Excess, type RightsFacts, type UserRights } from './user-rights.js';

/**
 * The password a new user gets when the form gives none (administration.md §5: "a fixed default password"; the
 * value is not in the spec). It satisfies the password rules, and the create answer returns it once.
 */
export const DEFAULT_PASSWORD = 'Welcome-2025';

/** The signed-in user who makes an administrative change. */
export interface UserAdminActor {
  userId: number;
  roleId: number;
  companyId: number;
  sqldbid: number | null;
  branches: readonly string[];
  permissions: PermissionList;
  applications: readonly number[];
}

/** A user as the rules need it. */
export interface UserAdminTarget {
  userId: number;
  roleId: number;
  companyId: number;
  sqldbid: number | null;
  branches: readonly string[];
}

/** Why a change is refused: the HTTP status, the field of the request when there is one, and the message. */
export interface Refusal {
  status: 400 | 403 | 404 | 409;
  field?: string;
  message: string;
}

export const USER_ADMIN_MESSAGES = {
  administrator: 'A user manager cannot change an administrator.',
  giveRole1: 'Only an administrator can give role 1.',
  ownRole: 'You cannot change your own role.',
  deleteSelf: 'You cannot delete yourself.',
  lastAdministrator: 'The last active administrator must stay an active administrator.',
  application: 'You can give only applications you have yourself.',
  permission: 'You can give only permissions you have yourself, with the value you have.',
  company: 'You can manage only users of your own company.',
  franchise: 'You can manage only users of your own franchise.',
  branches: 'You can give only branches you have yourself.',
  role: 'You can give only a role whose calls you may make yourself.',
  pricing: 'You cannot give price edits: you may not edit prices yourself.',
  scope: 'You can give only a company and branches within your own reach of customers.',
  flag: 'You can give only CSR flags you have yourself.',
  holds: 'You cannot manage a user who has rights you do not have yourself.',
  ownFlag: 'You cannot widen your own reach with a CSR flag.',
} as const;

/**
 * Which users an actor may manage. An administrator, and a user manager of the corporate company, reach every
 * user. A user manager of any other company is bound to it: it reaches the users of its company, and when it has a
 * franchise (SQLDBID), only that franchise's; an independent-franchise manager gives only its own branches.
 */
export type UserAdminReach =
  { kind: 'all' } | { kind: 'company'; companyId: number; sqldbid: number | null; branches: readonly string[] | null };

export function userAdminReach(actor: UserAdminActor): UserAdminReach {
  if (isAdministrator(actor.permissions) || actor.companyId === CompanyType.Corporate) return { kind: 'all' };
  return {
    kind: 'company',
    companyId: actor.companyId,
    sqldbid: actor.sqldbid,
    branches: actor.companyId === CompanyType.IndependentFranchise ? actor.branches : null,
  };
}

/**
 * May the actor see this user at all? One it may not is answered 404, as if it did not exist. A bound manager sees
 * the users of its company and franchise; an independent-franchise manager only those whose branches are all its own.
 */
export function canSeeUser(
  actor: UserAdminActor,
  target: Pick<UserAdminTarget, 'companyId' | 'sqldbid' | 'branches'>,
): boolean {
  const reach = userAdminReach(actor);
  if (reach.kind === 'all') return true;
  const own = reach.branches;
  return (
    target.companyId === reach.companyId &&
    (reach.sqldbid === null || target.sqldbid === reach.sqldbid) &&
    (own === null || target.branches.every((b) => own.includes(b)))
  );
}

const isAdminActor = (actor: UserAdminActor) => isAdministrator(actor.permissions);

/** Anything done to an existing user: a user manager never touches an administrator. */
export function touchRefusal(actor: UserAdminActor, target: UserAdminTarget): Refusal | null {
  if (!canSeeUser(actor, target)) return { status: 404, message: 'User not found.' };
  if (target.roleId === Role.Administrator && !isAdminActor(actor)) {
    return { status: 403, message: USER_ADMIN_MESSAGES.administrator };
  }
  return null;
}

/**
 * Creating (`before` null) or saving a user: the role, company, franchise and branches it would have.
 * `activeAdministrators` counts the active role-1 users now (the target among them when it is one).
 */
export function saveRefusal(
  actor: UserAdminActor,
  before: UserAdminTarget | null,
  after: Omit<UserAdminTarget, 'userId'>,
  activeAdministrators: number,
): Refusal | null {
  if (before) {
    const touch = touchRefusal(actor, before);
    if (touch) return touch;
  }
  if (after.roleId === Role.Administrator && !isAdminActor(actor) && before?.roleId !== Role.Administrator) {
    return { status: 403, field: 'RoleId', message: USER_ADMIN_MESSAGES.giveRole1 };
  }
  if (before && before.userId === actor.userId && after.roleId !== before.roleId) {
    return { status: 409, field: 'RoleId', message: USER_ADMIN_MESSAGES.ownRole };
  }
  if (before?.roleId === Role.Administrator && after.roleId !== Role.Administrator && activeAdministrators <= 1) {
    return { status: 409, field: 'RoleId', message: USER_ADMIN_MESSAGES.lastAdministrator };
  }
  const reach = userAdminReach(actor);
  if (reach.kind === 'company') {
    if (after.companyId !== reach.companyId)
      return { status: 403, field: 'CompanyId', message: USER_ADMIN_MESSAGES.company };
    if (reach.sqldbid !== null && after.sqldbid !== reach.sqldbid) {
      return { status: 403, field: 'SQLDBID', message: USER_ADMIN_MESSAGES.franchise };
    }
    if (reach.branches) {
      const own = reach.branches;
      const added = after.branches.filter((b) => !(before?.branches ?? []).includes(b));
      if (added.some((b) => !own.includes(b))) {
        return { status: 403, field: 'Branches', message: USER_ADMIN_MESSAGES.branches };
      }
    }
  }
  return null;
}

/** Deleting a user. */
export function deleteRefusal(
  actor: UserAdminActor,
  target: UserAdminTarget,
  activeAdministrators: number,
): Refusal | null {
  if (target.userId === actor.userId) return { status: 409, message: USER_ADMIN_MESSAGES.deleteSelf };
  const touch = touchRefusal(actor, target);
  if (touch) return touch;
  if (target.roleId === Role.Administrator && activeAdministrators <= 1) {
    return { status: 409, message: USER_ADMIN_MESSAGES.lastAdministrator };
  }
  return null;
}

/** Giving a user an application: a user manager gives only applications it has itself. */
export function applicationGrantRefusal(actor: UserAdminActor, applicationId: number): Refusal | null {
  if (isAdminActor(actor) || actor.applications.includes(applicationId)) return null;
  return { status: 403, field: 'ApplicationId', message: USER_ADMIN_MESSAGES.application };
}

/**
 * Setting a user's permission to a value: the permission's falsevalue takes nothing away from anyone and may
 * always be set; any other value only by an actor that holds the permission with that value itself.
 */
export function permissionGrantRefusal(
  actor: UserAdminActor,
  permission: { permissionId: number; falsevalue: string },
  value: string,
): Refusal | null {
  if (isAdminActor(actor) || value === permission.falsevalue) return null;
  if (hasPermission(actor.permissions, permission.permissionId, value)) return null;
  return { status: 403, field: 'value', message: USER_ADMIN_MESSAGES.permission };
}

/** The applications a user may open: a measureItToolOnly user only MeasureIt, whatever else it was given. */
export function effectiveApplications(applications: readonly number[], measureItToolOnly: boolean): number[] {
  return measureItToolOnly ? applications.filter((a) => a === App.MeasureIt) : [...applications];
}

const GIVE_MESSAGES: Record<Excess['kind'], string> = {
  administrator: USER_ADMIN_MESSAGES.giveRole1,
  role: USER_ADMIN_MESSAGES.role,
  pricing: USER_ADMIN_MESSAGES.pricing,
  scope: USER_ADMIN_MESSAGES.scope,
  application: USER_ADMIN_MESSAGES.application,
  permission: USER_ADMIN_MESSAGES.permission,
  flag: USER_ADMIN_MESSAGES.flag,
};

/**
 * The rights rule of docs/decisions/056-user-manager-delegation.md. `own` is the actor's rights, `before` the user's
 * as they are (null when it is created), `after` as the change would leave them (null when the change gives nothing:
 * a reset, a delete, an unlock, a removed grant). The user's rights now, and after, must be a subset of the actor's
 * (403 otherwise); and nobody, an administrator included, turns on a CSR flag that widens its own reach.
 */
export function rightsRefusal(
  actor: Pick<UserAdminActor, 'userId'>,
  own: UserRights,
  before: { userId: number; rights: UserRights } | null,
  after: UserRights | null,
  facts: RightsFacts,
): Refusal | null {
  if (before) {
    const held = rightsExcess(own, before.rights, facts);
    if (held?.kind === 'administrator') return { status: 403, message: USER_ADMIN_MESSAGES.administrator };
    if (held) return { status: 403, message: `${USER_ADMIN_MESSAGES.holds} It has ${held.right}.` };
    const flag = after && before.userId === actor.userId ? selfWidening(before.rights.flags, after.flags) : null;
    if (flag) return { status: 403, field: flag, message: USER_ADMIN_MESSAGES.ownFlag };
  }
  const given = after ? rightsExcess(own, after, facts) : null;
  return given ? { status: 403, field: given.field, message: GIVE_MESSAGES[given.kind] } : null;
}
