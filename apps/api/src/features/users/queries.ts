/**
 * What user administration reads: the user grid (paged, sorted and searched on the server: decision 026), one user
 * with its branches, applications and permissions, a user's permissions, the franchises for its branches, and the
 * reach of the caller (a user manager bound to a company reads only that company's users: anyone else's is 404).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  SignInKind,
  UserDetail,
  USER_SORT_COLUMNS,
  UserFranchise,
  UserListResponse,
  UserPermission,
} from '@cc/contract';
import {
  IDENTITY_USER_ID_OFFSET,
  canSeeUser,
  userAdminReach,
  type UserAdminActor,
  type UserAdminTarget,
} from '@cc/domain';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import { escapeLike } from '../../db/sql.js';
import {
  applications,
  brands,
  companies,
  franchises,
  permissions,
  roles,
  userApplications,
  userBranches,
  userIdentities,
  userPermissions,
  users,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { defineGrid } from '../../lib/grid-query/grid.js';

export function actorOf(user: AuthUser): UserAdminActor {
  return {
    userId: user.userId,
    roleId: user.roleId,
    companyId: user.companyId,
    sqldbid: user.sqldbid,
    branches: user.branches,
    permissions: user.permissions,
    applications: user.applications,
  };
}

/** The SQL form of `canSeeUser`: the users table's rows the actor reaches. */
export function reachable(actor: UserAdminActor): SQL {
  const reach = userAdminReach(actor);
  if (reach.kind === 'all') return sql`true`;
  const conditions: SQL[] = [sql`${users.companyId} = ${reach.companyId}`];
  if (reach.sqldbid !== null) conditions.push(sql`${users.sqldbid} = ${reach.sqldbid}`);
  if (reach.branches) {
    // An independent-franchise manager: no branch of the user may be outside its own.
    const own =
      reach.branches.length > 0
        ? sql`and ub.branchno not in (${sql.join(
            reach.branches.map((b) => sql`${b}`),
            sql`, `,
          )})`
        : sql``;
    conditions.push(sql`not exists (select 1 from user_branches ub where ub.user_id = ${users.userId} ${own})`);
  }
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/** An active user as the rules see it, or 404 when it does not exist, was deleted or is out of the actor's reach. */
export async function targetOf(
  db: DbOrTx,
  actor: UserAdminActor,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<UserAdminTarget> {
  const query = db
    .select({ userId: users.userId, roleId: users.roleId, companyId: users.companyId, sqldbid: users.sqldbid })
    .from(users)
    .where(and(eq(users.userId, userId), eq(users.active, true)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('User not found.');
  const branches = await db
    .select({ branchNo: userBranches.branchNo })
    .from(userBranches)
    .where(eq(userBranches.userId, userId))
    .orderBy(asc(userBranches.branchNo));
  const target = { ...row, branches: branches.map((b) => b.branchNo) };
  if (!canSeeUser(actor, target)) throw notFound('User not found.');
  return target;
}

/** How many active administrators there are; locks their rows, so two demotions cannot both pass the count. */
export async function activeAdministrators(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.roleId, 1), eq(users.active, true)))
    .orderBy(asc(users.userId))
    .for('update');
  return rows.length;
}

/** How the user signs in (`SignInKind`): its identity link, or an id in the identity range made before links. */
const signIn = sql<SignInKind>`case
  when ${userIdentities.linkedBy} = 'email' then 'both'
  when ${userIdentities.userId} is not null or ${users.userId} >= ${IDENTITY_USER_ID_OFFSET} then 'company'
  else 'password' end`;

export async function userPermissionList(db: DbOrTx, userId: number): Promise<UserPermission[]> {
  const rows = await db
    .select({
      UserId: userPermissions.userId,
      ApplicationId: userPermissions.applicationId,
      PermissionId: userPermissions.permissionId,
      Name: permissions.name,
      Values: permissions.values,
      value: userPermissions.value,
    })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.permissionId, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId))
    .orderBy(asc(userPermissions.applicationId), asc(userPermissions.permissionId));
  return rows;
}

/** One active user as the edit screen shows it (granted applications, not only the effective ones). */
export async function userDetail(db: DbOrTx, userId: number): Promise<UserDetail> {
  const [row] = await db
    .select({
      UserId: users.userId,
      Username: users.username,
      FirstName: users.firstName,
      LastName: users.lastName,
      Email: users.email,
      phone: users.phone,
      extension: sql<string>`coalesce(${users.extension}, '')`,
      BrandId: users.brandId,
      CompanyId: users.companyId,
      RoleId: users.roleId,
      SQLDBID: users.sqldbid,
      allowCorporate: users.allowCorporate,
      allowFranchise: users.allowFranchise,
      isAdmin: users.isAdmin,
      allowVerification: users.allowVerification,
      measureItToolOnly: users.measureItToolOnly,
      SignIn: signIn,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .leftJoin(userIdentities, eq(userIdentities.userId, users.userId))
    .where(and(eq(users.userId, userId), eq(users.active, true)));
  if (!row) throw notFound('User not found.');
  const branches = await db
    .select({ branchno: userBranches.branchNo })
    .from(userBranches)
    .where(eq(userBranches.userId, userId))
    .orderBy(asc(userBranches.branchNo));
  const apps = await db
    .select({
      ApplicationId: applications.applicationId,
      Name: applications.name,
      Description: applications.description,
      SRef: applications.sref,
      URL: applications.url,
    })
    .from(userApplications)
    .innerJoin(applications, eq(applications.applicationId, userApplications.applicationId))
    .where(eq(userApplications.userId, userId))
    .orderBy(asc(applications.sortOrder), asc(applications.applicationId));
  return { ...row, Branches: branches, Applications: apps, permissions: await userPermissionList(db, userId) };
}

type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/**
 * The user grid's sorts on grid-query (decision 086): each column regardless of case, then the user id, so that
 * pages never overlap; the name columns' order is that of their partial sort indexes (migration 0023), either way.
 * A user without a brand sorts as the highest brand (last ascending, first descending), as the grid always showed
 * it: first whether the brand is empty, then its name.
 */
export const USERS_GRID = defineGrid<UserSortColumn>({
  fields: {
    Username: { sql: sql`${users.username}`, type: 'text', caseless: true },
    FirstName: { sql: sql`${users.firstName}`, type: 'text', caseless: true },
    LastName: { sql: sql`${users.lastName}`, type: 'text', caseless: true },
    Brand: {
      sql: sql`${brands.brandName}`,
      type: 'text',
      nullable: true,
      sortBy: [
        { sql: sql`(${brands.brandName} is null)`, type: 'boolean' },
        { sql: sql`lower(${brands.brandName})`, type: 'text', nullable: true },
      ],
    },
    Company: { sql: sql`${companies.description}`, type: 'text', caseless: true },
    Role: { sql: sql`${roles.description}`, type: 'text', caseless: true },
  },
  key: sql`${users.userId}`,
});

export interface ListInput {
  page: number;
  pageSize: number;
  sort: UserSortColumn;
  dir: 'asc' | 'desc';
  search: string;
}

/** Ids of a small reference table whose name contains the text. */
async function idsMatching(
  db: DbOrTx,
  fragment: string,
): Promise<{ brands: number[]; companies: number[]; roles: number[] }> {
  const rows = rowsOf<{ kind: string; id: number }>(
    await db.execute(sql`
      select 'b' as kind, brand_id as id from brands where lower(brand_name) like ${fragment}
      union all select 'c', company_id from companies where lower(description) like ${fragment}
      union all select 'r', role_id from roles where lower(description) like ${fragment}`),
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => Number(r.id));
  return { brands: of('b'), companies: of('c'), roles: of('r') };
}

/**
 * The grid's page. The name columns are searched through their trigram indexes; brand, company and role (a few rows
 * each) are matched first and become id lists, so the planner sees plain conditions. The order is one column and
 * then the user id, which the partial sort indexes of migration 0023 serve for the name columns.
 */
export async function listUsers(db: DbOrTx, actor: UserAdminActor, input: ListInput): Promise<UserListResponse> {
  const conditions: SQL[] = [eq(users.active, true), reachable(actor)];
  const term = input.search.trim().toLowerCase();
  if (term !== '') {
    const fragment = `%${escapeLike(term)}%`;
    const ids = await idsMatching(db, fragment);
    const any: SQL[] = [
      sql`lower(${users.username}) like ${fragment}`,
      sql`lower(${users.firstName}) like ${fragment}`,
      sql`lower(${users.lastName}) like ${fragment}`,
    ];
    if (ids.brands.length > 0) any.push(inArray(users.brandId, ids.brands));
    if (ids.companies.length > 0) any.push(inArray(users.companyId, ids.companies));
    if (ids.roles.length > 0) any.push(inArray(users.roleId, ids.roles));
    conditions.push(sql`(${sql.join(any, sql` or `)})`);
  }
  const where = and(...conditions);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  const data = await db
    .select({
      UserId: users.userId,
      Username: users.username,
      FirstName: users.firstName,
      LastName: users.lastName,
      BrandId: users.brandId,
      Brand: brands.brandName,
      CompanyId: users.companyId,
      Company: companies.description,
      RoleId: users.roleId,
      Role: roles.description,
      SignIn: signIn,
    })
    .from(users)
    .leftJoin(userIdentities, eq(userIdentities.userId, users.userId))
    .leftJoin(brands, eq(brands.brandId, users.brandId))
    .innerJoin(companies, eq(companies.companyId, users.companyId))
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(where)
    .orderBy(USERS_GRID.orderBy([{ field: input.sort, dir: input.dir, at: 0 }]))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { data, total: count?.total ?? 0, page: input.page, pageSize: input.pageSize };
}

/** getFranchises: the branches a user may be given; a bound manager's franchise (or own branches) only. */
export async function franchiseList(db: DbOrTx, actor: UserAdminActor): Promise<UserFranchise[]> {
  const reach = userAdminReach(actor);
  const conditions: SQL[] = [eq(franchises.active, true)];
  if (reach.kind === 'company') {
    if (reach.branches)
      conditions.push(reach.branches.length > 0 ? inArray(franchises.branchNo, [...reach.branches]) : sql`false`);
    else if (reach.sqldbid !== null) conditions.push(eq(franchises.sqldbid, reach.sqldbid));
  }
  return db
    .select({
      branchno: franchises.branchNo,
      sqldbid: franchises.sqldbid,
      comp_id: franchises.compId,
      compname: franchises.compName,
      def_comp: franchises.defComp,
      designation: franchises.designation,
    })
    .from(franchises)
    .where(and(...conditions))
    .orderBy(asc(franchises.compName), asc(franchises.branchNo));
}
