/**
 * The CSRs the demo's past was worked by, beside the demo accounts: generated names over every kind of company, hired
 * over the two years before now.
 */
import { Role } from '@cc/domain';
import { FIRST_NAMES, LAST_NAMES } from './names.js';
import { Random } from './random.js';
import { COF_FRANCHISES, IND_FRANCHISES, type DemoAccount } from './reference.js';

/** Generated CSRs: corporate, company-owned, independent-franchise and external. */
export const GENERATED_CSRS = { corporate: 12, companyOwned: 12, franchise: 9, external: 4 } as const;

export function generatedCsrs(
  seed: number,
  now: Date,
  pastDays: number,
): { account: Omit<DemoAccount, 'description'>; createdAt: Date }[] {
  const rnd = new Random(seed * 7 + 61);
  const taken = new Set<string>();
  const out: { account: Omit<DemoAccount, 'description'>; createdAt: Date }[] = [];
  const kinds = [
    ...Array.from({ length: GENERATED_CSRS.corporate }, () => 'corporate' as const),
    ...Array.from({ length: GENERATED_CSRS.companyOwned }, () => 'companyOwned' as const),
    ...Array.from({ length: GENERATED_CSRS.franchise }, () => 'franchise' as const),
    ...Array.from({ length: GENERATED_CSRS.external }, () => 'external' as const),
  ];
  for (const [i, kind] of kinds.entries()) {
    const firstName = rnd.weighted(FIRST_NAMES);
    const lastName = rnd.weighted(LAST_NAMES);
    const base = `${firstName[0]}${lastName}`.toLowerCase().replace(/[^a-z]/g, '');
    let username = base;
    for (let n = 2; taken.has(username); n += 1) username = `${base}${n}`;
    taken.add(username);
    const cof = COF_FRANCHISES[i % COF_FRANCHISES.length]!;
    // Franchise users of the independent franchises other than the demo franchise user's own.
    const ind = IND_FRANCHISES[1 + (i % (IND_FRANCHISES.length - 1))]!;
    const account: Omit<DemoAccount, 'description'> =
      kind === 'corporate'
        ? {
            username,
            firstName,
            lastName,
            companyId: 1,
            roleId: Role.Representative,
            brandId: 3,
            branches: [],
            sqldbid: null,
            flags: { allowCorporate: true },
          }
        : kind === 'companyOwned'
          ? {
              username,
              firstName,
              lastName,
              companyId: 2,
              roleId: Role.Representative,
              brandId: 1,
              branches: [],
              sqldbid: cof.sqldbid,
              flags: { allowCorporate: true },
            }
          : kind === 'franchise'
            ? {
                username,
                firstName,
                lastName,
                companyId: 3,
                roleId: Role.FranchiseUser,
                brandId: ind.brandId,
                branches: ind.branches.map((b) => b.branchNo),
                sqldbid: ind.sqldbid,
                flags: { allowFranchise: true },
              }
            : {
                username,
                firstName,
                lastName,
                companyId: 4,
                roleId: Role.Representative,
                brandId: 2,
                branches: [],
                sqldbid: null,
              };
    // Hired over the two years before now, the first ones earliest.
    const daysAgo = Math.round(pastDays * 2 - (i * pastDays * 1.6) / kinds.length) - rnd.int(0, 10);
    out.push({ account, createdAt: new Date(now.getTime() - daysAgo * 86_400_000) });
  }
  return out;
}
