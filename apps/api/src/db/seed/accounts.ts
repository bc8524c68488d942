/** A user of the demo data with its branches, applications and template permissions, as an administrator makes one. */
import type { DbOrTx } from '../client.js';
import { userApplications, userBranches, userPermissions, users } from '../schema/index.js';
import { DEFAULT_APPLICATIONS, type DemoAccount } from './reference.js';

export interface PermissionTemplate {
  companyId: number;
  roleId: number;
  applicationId: number;
  permissionId: number;
  defaultValue: string;
}

/** Insert one account; answers its user id. `createdAt`: when an administrator made it (default now). */
/** A demo account's email, which the demonstration identity server's account of the same person sends verified. */
export function demoAccountEmail(username: string): string {
  return `${username.replace('.', '-')}@callcentre.example`;
}

export async function insertAccount(
  tx: DbOrTx,
  account: Omit<DemoAccount, 'description'>,
  passwordHash: string,
  templates: readonly PermissionTemplate[],
  createdAt?: Date,
): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({
      username: account.username,
      firstName: account.firstName,
      lastName: account.lastName,
      email: demoAccountEmail(account.username),
      passwordHash,
      brandId: account.brandId,
      companyId: account.companyId,
      roleId: account.roleId,
      sqldbid: account.sqldbid,
      allowCorporate: account.flags?.allowCorporate ?? false,
      allowFranchise: account.flags?.allowFranchise ?? false,
      isAdmin: account.flags?.isAdmin ?? false,
      allowVerification: account.flags?.allowVerification ?? false,
      ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
    })
    .returning({ userId: users.userId });
  if (!user) throw new Error('user insert returned nothing');
  if (account.branches.length > 0) {
    await tx.insert(userBranches).values(account.branches.map((branchNo) => ({ userId: user.userId, branchNo })));
  }
  const appIds = account.applications ?? DEFAULT_APPLICATIONS[`${account.companyId}:${account.roleId}`] ?? [];
  if (appIds.length > 0) {
    await tx.insert(userApplications).values(appIds.map((applicationId) => ({ userId: user.userId, applicationId })));
  }
  const perms = templates.filter(
    (t) => t.companyId === account.companyId && t.roleId === account.roleId && appIds.includes(t.applicationId),
  );
  if (perms.length > 0) {
    await tx.insert(userPermissions).values(
      perms.map((t) => ({
        userId: user.userId,
        applicationId: t.applicationId,
        permissionId: t.permissionId,
        value: t.defaultValue,
      })),
    );
  }
  return user.userId;
}
