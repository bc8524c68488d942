/** Who searches: the user's scope, and whether it sees every agent's calls (decision 033). */
import { sql, type SQL } from 'drizzle-orm';
import { isGranted, Permission } from '@cc/domain';
import { outboundCalls as o } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';

/** The user's part of a search: the user's scope, and its own calls only without CallSearch.AllAgents. */
export type SearchUser = Pick<AuthUser, 'userId' | 'permissions' | 'scope'>;

/** Does the user find every agent's calls (CallSearch.AllAgents), not only its own? */
export const seesEveryAgent = (user: SearchUser): boolean => isGranted(user.permissions, Permission.AllAgents);

export function userConditions(user: SearchUser): SQL[] {
  const where = [sql`${o.deletedAt} is null`, inScope(user.scope, o.branchNo)];
  if (!seesEveryAgent(user)) {
    where.push(sql`(${o.lastAccessCsr} = ${user.userId} or ${o.callBackCsr} = ${user.userId})`);
  }
  return where;
}
