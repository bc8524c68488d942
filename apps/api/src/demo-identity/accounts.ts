/**
 * The accounts of the demonstration identity server: the README's demo accounts, with the same usernames and
 * password, carrying the claims a company identity server sends (administration.md §6, decision 038): the role and
 * permission entries in `permission`, the lowercase `brandid`, and `companyid`; and the demo account's own email,
 * verified, so that each signs in as that account (decision 068).
 */
import { roleEntry } from '@cc/domain';
import { demoAccountEmail } from '../db/seed/accounts.js';
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
        // The local demo account's email, verified: a sign-in here is that account's (decision 068).
        email: demoAccountEmail(account.username),
        email_verified: true,
        permission: [roleEntry(account.roleId)],
        companyid: String(account.companyId),
        ...(account.sqldbid === null ? {} : { sqldbid: String(account.sqldbid) }),
        ...(account.branches.length > 0 ? { branches: account.branches } : {}),
        ...(brandid ? { brandid } : {}),
      },
    };
  });
}
