import { and, asc, eq, or } from 'drizzle-orm';
import { App } from '@cc/domain';
import type { SessionUser } from '@cc/contract';
import type { DbOrTx } from '../../db/client.js';
import { applications, companies, roles, userApplications, users } from '../../db/schema/index.js';
import { loadAuthUser, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';

/** The applications a user may open, in dashboard order. */
export async function userApplicationList(db: DbOrTx, userId: number): Promise<SessionUser['Applications']> {
  const rows = await db
    .select({
      ApplicationId: applications.applicationId,
      Name: applications.name,
      Description: applications.description,
      SRef: applications.sref,
      URL: applications.url,
    })
    .from(userApplications)
    .innerJoin(applications, eq(applications.applicationId, userApplications.applicationId))
    .innerJoin(users, eq(users.userId, userApplications.userId))
    // A measureItToolOnly user sees only MeasureIt (decision 026), as the request's access checks do.
    .where(
      and(
        eq(userApplications.userId, userId),
        or(eq(users.measureItToolOnly, false), eq(applications.applicationId, App.MeasureIt)),
      ),
    )
    .orderBy(asc(applications.sortOrder), asc(applications.applicationId));
  return rows;
}

/** The user as the web app keeps it after sign-in. */
export async function sessionUser(db: DbOrTx, auth: AuthUser): Promise<SessionUser> {
  const [details] = await db
    .select({ email: users.email, companyName: companies.description, roleDescription: roles.description })
    .from(users)
    .innerJoin(companies, eq(companies.companyId, users.companyId))
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(eq(users.userId, auth.userId));
  if (!details) throw notFound('User not found.');
  return {
    UserId: auth.userId,
    Username: auth.username,
    FirstName: auth.firstName,
    LastName: auth.lastName,
    Email: details.email,
    BrandId: auth.brandId,
    CompanyId: auth.companyId,
    CompanyName: details.companyName,
    RoleId: auth.roleId,
    role: details.roleDescription,
    SQLDBID: auth.sqldbid,
    Branches: auth.branches.map((branchno) => ({ branchno })),
    Applications: await userApplicationList(db, auth.userId),
    permissions: auth.permissions,
    mustChangePassword: auth.passwordChangeRequired,
  };
}

export async function sessionUserById(db: DbOrTx, userId: number, sessionId = ''): Promise<SessionUser> {
  const auth = await loadAuthUser(db, userId, sessionId);
  if (!auth) throw notFound('User not found.');
  return sessionUser(db, auth);
}
