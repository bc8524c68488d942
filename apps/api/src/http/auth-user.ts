import type { Scope } from '@cc/domain';

/** The signed-in user of a request, as authorization needs it. */
export interface AuthUser {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  companyId: number;
  roleId: number;
  brandId: number | null;
  sqldbid: number | null;
  branches: string[];
  permissions: string[];
  /** Application ids granted to the user (the dashboard's links, and what route access rules read). */
  applications: number[];
  scope: Scope;
  /** The session of the request: stays the same when a browser's access token is refreshed (decision 022). */
  sessionId: string;
  /**
   * The session was opened with a password someone else set and the user has not changed it yet: only the calls open
   * before a password change are served (decision 064).
   */
  passwordChangeRequired: boolean;
}
