/**
 * The world the inbound scope tests check answers against: every branch and every customer as the API sees them, and a
 * search checked against the oracle in test-support.ts (written from the spec, not from the domain scope code).
 */
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import {
  ENDPOINT_NAMES,
  InboundClient,
  USERS,
  customerKey,
  isSortedByBranchThenAccount,
  keyOf,
  meets,
  visible,
  type Branch,
  type Criteria,
  type CustomerRecord,
  type Endpoint,
  type UserName,
} from './test-support.js';

export interface ScopeWorld {
  api: InboundClient;
  branches: Map<string, Branch>;
  all: CustomerRecord[];
}

/** Every demo user signed in, every branch, and every customer with its branch. */
export async function scopeWorld(t: TestApp): Promise<ScopeWorld> {
  const api = new InboundClient(t);
  await api.signinAll();
  return { api, branches: await api.branches(), all: await api.allCustomers() };
}

export function branchIn(world: ScopeWorld, branchNo: string): Branch {
  const branch = world.branches.get(branchNo);
  if (!branch) throw new Error(`unknown branch ${branchNo}`);
  return branch;
}

/** Every demo user with every search endpoint. */
export const PAIRS: [UserName, Endpoint][] = USERS.flatMap((u) =>
  ENDPOINT_NAMES.map((e): [UserName, Endpoint] => [u, e]),
);

/**
 * Search and check the answer against the oracle: the total is the number of customers that meet
 * the criteria and are visible; under the limit the rows are exactly those, sorted; every row is
 * in scope. Answers the row keys.
 */
export async function searchChecked(
  world: ScopeWorld,
  user: UserName,
  endpoint: Endpoint,
  criteria: Criteria,
): Promise<Set<string>> {
  const { api, all } = world;
  const expected = all.filter((c) => meets(c, criteria) && visible(user, endpoint, branchIn(world, c.branchNo)));
  const body = await api.rows(user, criteria, endpoint);
  for (const row of body.rows) {
    if (!visible(user, endpoint, branchIn(world, row.Branch))) {
      throw new Error(`${user} ${endpoint} ${JSON.stringify(criteria)} answered ${row.Branch} ${row.AccountNo}`);
    }
  }
  expect(body.total).toBe(expected.length);
  if (expected.length > 500) {
    expect(body).toMatchObject({ rows: [], overLimit: true });
  } else {
    expect(body.overLimit).toBe(false);
    expect(body.rows.map(keyOf).sort()).toEqual(expected.map(customerKey).sort());
    expect(isSortedByBranchThenAccount(body.rows)).toBe(true);
  }
  return new Set(body.rows.map(keyOf));
}
