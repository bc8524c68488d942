import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { usernameTaken } from '../auth/index.js';
import { readAudit } from './audit.js';
import { listAwayReasons, saveAwayReason } from './away-reasons.js';
import { actorOf, franchiseList, listUsers, targetOf, userDetail, userPermissionList } from './queries.js';
import {
  deleteTemplate,
  listApplications,
  listBrands,
  listCompanies,
  listCompanyRoles,
  listPermissions,
  listRoles,
  listTemplates,
  saveApplication,
  saveBrand,
  saveCompany,
  savePermission,
  saveTemplate,
} from './reference.js';
import { addApplication, deleteApplication, deletePermissions, setPermission } from './grants.js';
import { createUser, removeUser, resetPassword, updateUser } from './service.js';
import { unlockUser } from './unlock.js';

const ok = { ok: true as const };

/** User administration (decision 026): thin handlers over queries.ts, service.ts and reference.ts. */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'listUsers', ({ user, body }) => listUsers(ctx.db, actorOf(user), body));
  defineRoute(app, ctx, 'getUser', async ({ user, params }) => {
    await targetOf(ctx.db, actorOf(user), params.id);
    return userDetail(ctx.db, params.id);
  });
  defineRoute(app, ctx, 'listUserPermissions', async ({ user, body }) => {
    await targetOf(ctx.db, actorOf(user), body.UserId);
    return userPermissionList(ctx.db, body.UserId);
  });
  defineRoute(app, ctx, 'usernameExists', async ({ body }) => ({
    exists: await usernameTaken(ctx.db, body.username, body.userId),
  }));
  defineRoute(app, ctx, 'getFranchises', ({ user }) => franchiseList(ctx.db, actorOf(user)));
  defineRoute(app, ctx, 'createUser', ({ user, body }) => createUser(ctx, user, body), { status: 201 });
  defineRoute(app, ctx, 'updateUser', ({ user, params, body }) => updateUser(ctx, user, params.UserId, body));
  defineRoute(app, ctx, 'removeUser', async ({ user, params }) => {
    await removeUser(ctx, user, params.UserId);
    return ok;
  });
  defineRoute(app, ctx, 'unlockSignin', async ({ user, body }) => {
    await unlockUser(ctx, user, body.username);
    return ok;
  });
  defineRoute(app, ctx, 'resetUserPassword', async ({ user, params, body }) => {
    await resetPassword(ctx, user, params.UserId, body);
    return ok;
  });
  defineRoute(app, ctx, 'updatePermission', async ({ user, params, body }) => {
    await setPermission(ctx, user, params, body.value);
    return ok;
  });
  defineRoute(app, ctx, 'deletePermission', async ({ user, params }) => ({
    ok: true as const,
    removed: await deletePermissions(ctx, user, params.UserId, params),
  }));
  defineRoute(app, ctx, 'deleteUserPermissions', async ({ user, params }) => ({
    ok: true as const,
    removed: await deletePermissions(ctx, user, params.UserId),
  }));
  defineRoute(app, ctx, 'addUserApplication', async ({ user, params }) => {
    await addApplication(ctx, user, params.UserId, params.ApplicationId);
    return ok;
  });
  defineRoute(app, ctx, 'deleteUserApplication', async ({ user, params }) => ({
    ok: true as const,
    removed: await deleteApplication(ctx, user, params.UserId, params.ApplicationId),
  }));

  // The reference data: lists for user managers, writes for administrators.
  defineRoute(app, ctx, 'listBrands', () => listBrands(ctx.db));
  defineRoute(app, ctx, 'listCompanies', () => listCompanies(ctx.db));
  defineRoute(app, ctx, 'listRoles', () => listRoles(ctx.db));
  defineRoute(app, ctx, 'listCompanyRoles', () => listCompanyRoles(ctx.db));
  defineRoute(app, ctx, 'listPermissions', () => listPermissions(ctx.db));
  defineRoute(app, ctx, 'listApplications', () => listApplications(ctx.db));
  defineRoute(app, ctx, 'listTemplates', ({ body }) => listTemplates(ctx.db, body));
  defineRoute(app, ctx, 'addBrand', ({ user, body }) => saveBrand(ctx, user, null, body), { status: 201 });
  defineRoute(app, ctx, 'updateBrand', ({ user, params, body }) => saveBrand(ctx, user, params.BrandId, body));
  defineRoute(app, ctx, 'listAwayReasons', () => listAwayReasons(ctx.db));
  defineRoute(app, ctx, 'addAwayReason', ({ user, body }) => saveAwayReason(ctx, user, null, body), { status: 201 });
  defineRoute(app, ctx, 'updateAwayReason', ({ user, params, body }) =>
    saveAwayReason(ctx, user, params.AwayReasonId, body),
  );
  defineRoute(app, ctx, 'addCompany', ({ user, body }) => saveCompany(ctx, user, null, body), { status: 201 });
  defineRoute(app, ctx, 'updateCompany', ({ user, params, body }) => saveCompany(ctx, user, params.CompanyId, body));
  defineRoute(app, ctx, 'addApplication', ({ user, body }) => saveApplication(ctx, user, null, body), { status: 201 });
  defineRoute(app, ctx, 'updateApplication', ({ user, params, body }) =>
    saveApplication(ctx, user, params.ApplicationId, body),
  );
  defineRoute(app, ctx, 'addPermissionDef', ({ user, body }) => savePermission(ctx, user, null, body), { status: 201 });
  defineRoute(app, ctx, 'updatePermissionDef', ({ user, params, body }) =>
    savePermission(ctx, user, params.PermissionId, body),
  );
  defineRoute(app, ctx, 'saveTemplate', ({ user, params, body }) => saveTemplate(ctx, user, params, body));
  defineRoute(app, ctx, 'deleteTemplate', async ({ user, params }) => ({
    ok: true as const,
    removed: await deleteTemplate(ctx, user, params),
  }));
  defineRoute(app, ctx, 'auditLog', ({ query }) => readAudit(ctx.db, query));
}
