/**
 * The demo accounts as the seed defines them (role, applications, the company and role's permission values), read
 * without the server, so that a server that loads the wrong grants fails the access tests.
 */
import { LEADS_CC_MANAGER_ROLE_NAME, permissionEntry, Role, roleEntry, type AccessSubject } from '@cc/domain';
import { DEFAULT_APPLICATIONS, DEMO_ACCOUNTS, PERMISSIONS, TEMPLATE_VALUES } from '../db/seed/reference.js';

export function demoSubject(username: string): AccessSubject {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!account) throw new Error(username);
  const applications = account.applications ?? DEFAULT_APPLICATIONS[`${account.companyId}:${account.roleId}`] ?? [];
  const permissions = [roleEntry(account.roleId)];
  if (account.roleId === Role.LeadsCCManager) permissions.push(roleEntry(LEADS_CC_MANAGER_ROLE_NAME));
  for (const p of PERMISSIONS) {
    if (!applications.includes(p.applicationId)) continue;
    const value = TEMPLATE_VALUES[p.permissionId]?.(account.companyId, account.roleId) ?? p.values.falsevalue;
    permissions.push(permissionEntry(p.permissionId, value));
  }
  return { permissions, applications };
}
