/** The rules of the user's page (UserEditPage) that need no screen. */
import type { UserDetail } from '@cc/contract';
import { Role, type UserAdminActor } from '@cc/domain';
import { isAdminActor } from './model';

/** The user the path names: a user id is at most nine digits; anything else names nobody. */
export function userIdOf(param: string | undefined): number | null {
  return param !== undefined && /^\d{1,9}$/.test(param) ? Number(param) : null;
}

/**
 * What the add form passed on to the new user's page: the default password it was given (null when the manager set
 * one), and whether the manager set one.
 */
export function createdOf(state: unknown): { created: string | null; createdWithOwn: boolean } {
  const createdState = state as { createdPassword?: string | null; createdWithOwn?: boolean } | null;
  return { created: createdState?.createdPassword ?? null, createdWithOwn: createdState?.createdWithOwn === true };
}

/** A user manager sees an administrator and cannot change it (decision 026). */
export function isReadOnlyFor(detail: Pick<UserDetail, 'RoleId'> | null, actor: UserAdminActor): boolean {
  return detail !== null && detail.RoleId === Role.Administrator && !isAdminActor(actor);
}
