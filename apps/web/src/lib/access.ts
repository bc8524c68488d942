import type { SessionUser } from '@cc/contract';
import { canEnterScreen, mayAccess, type Access, type AccessSubject, type ScreenName } from '@cc/domain';

/** The signed-in user as the shared access rules read it. */
export function accessSubject(
  user: Pick<SessionUser, 'permissions' | 'Applications'> & Partial<Pick<SessionUser, 'mustChangePassword'>>,
): AccessSubject {
  return {
    permissions: user.permissions,
    applications: user.Applications.map((a) => a.ApplicationId),
    passwordChangeRequired: user.mustChangePassword === true,
  };
}

/** May this user enter the screen? The same rule the server applies to the screen's calls. */
export function mayEnter(screen: ScreenName, user: Pick<SessionUser, 'permissions' | 'Applications'> | null): boolean {
  return canEnterScreen(screen, user ? accessSubject(user) : null);
}

/** May this user make the calls of a rule (a part of a screen: a utility, a button)? The server applies the same rule. */
export function mayCall(rule: Access, user: Pick<SessionUser, 'permissions' | 'Applications'> | null): boolean {
  return mayAccess(rule, user ? accessSubject(user) : null);
}
