/**
 * The accounts of the demonstration identity server: the README's demo accounts, with the same usernames and
 * password, carrying the claims a company identity server sends (administration.md §6, decision 038): the role and
 * permission entries in `permission`, the lowercase `brandid`, and `companyid`. Subject n is user 1,000,000 + n here.
 */
import { roleEntry } from '@cc/domain';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/reference.js';

export interface DemoIdentity {
  sub: string;
  username: string;
  password: string;
  claims: Record<string, unknown>;
}

/** A local brand as the claim that gives it back: brand 1 (sg) is claim 1, brand 2 (pb) claim 3, no brand none. */
const brandClaim = (brandId: number | null): string | undefined =>
  brandId === 1 ? '1' : brandId === 2 ? '3' : undefined;

export function demoIdentities(): DemoIdentity[] {
  return DEMO_ACCOUNTS.map((account, index) => {
    const brandid = brandClaim(account.brandId);
    return {
      sub: String(index + 1),
      username: account.username,
      password: DEMO_PASSWORD,
      claims: {
        preferred_username: account.username,
        name: `${account.firstName} ${account.lastName}`,
        given_name: account.firstName,
        family_name: account.lastName,
        email: `${account.username}@example.com`,
        permission: [roleEntry(account.roleId)],
        companyid: String(account.companyId),
        ...(account.sqldbid === null ? {} : { sqldbid: String(account.sqldbid) }),
        ...(account.branches.length > 0 ? { branches: account.branches } : {}),
        ...(brandid ? { brandid } : {}),
      },
    };
  });
}
