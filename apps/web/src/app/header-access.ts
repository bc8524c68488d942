import type { SessionUser } from '@cc/contract';
import { ACCESS } from '@cc/domain';
import { mayCall, mayEnter } from '../lib/access';

/** What the header offers a user, each by the rule of the screen or calls it leads to. */
export interface HeaderParts {
  /** Quotes are call data: a user who may not take calls (a measurer, a user administrator) is not offered them. */
  quotes: boolean;
  /** The administrators' screens of user administration (role 1): reference data and the audit log. */
  administrator: boolean;
  /** The supervisor's live view of the floor (roles 2, 5, 6, 7; decision 035). */
  floor: boolean;
  /** Their numbers over a range (docs/decisions/082-report-definitions.md), under the same rule. */
  reports: boolean;
  /** Held to a password change (decision 064): nothing to go to but the change and signing out. */
  held: boolean;
  /** Whoever takes calls has an agent state to show and change (decision 076). */
  agent: boolean;
  /**
   * A CSR who takes inbound calls hears the phone system's screen pops in any screen (decision 075); whoever takes
   * calls hears their agent state's changes on the same stream (decision 081).
   */
  pops: boolean;
}

type HeaderUser = Pick<SessionUser, 'permissions' | 'Applications' | 'mustChangePassword'>;

export function headerParts(user: HeaderUser | null): HeaderParts {
  const held = user?.mustChangePassword === true;
  return {
    quotes: mayEnter('allQuotes', user),
    administrator: mayEnter('adminReference', user),
    floor: mayEnter('supervisorFloor', user),
    reports: mayEnter('reports', user),
    held,
    agent: !held && mayCall(ACCESS.call, user),
    pops: !held && mayEnter('screenPop', user),
  };
}
