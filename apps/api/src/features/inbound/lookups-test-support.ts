/** What the inbound look-up tests share: the seeded branches, each demo user's scope, and SG101's summary. */
import type { FranchiseSummary } from '@cc/contract';
import { ALL_FRANCHISES } from '../../db/seed/reference.js';
import type { UserName } from './test-support.js';

export interface ErrorBody {
  error: string;
  message: string;
}

/** The zips each branch serves and its designation, from the seed. */
export const BRANCHES = ALL_FRANCHISES.flatMap((f) =>
  f.branches.map((b) => ({ ...b, sqldbid: f.sqldbid, designation: f.designation, compName: f.compName })),
);
export const zipsOf = (branchNos: string[]) =>
  [...new Set(BRANCHES.filter((b) => branchNos.includes(b.branchNo)).flatMap((b) => b.zips))].sort();
/** Branches each demo user may see (call-handling.md §6), by the seed. */
export const SCOPE: Record<UserName, string[]> = {
  admin: BRANCHES.map((b) => b.branchNo),
  'csr.external': BRANCHES.map((b) => b.branchNo),
  'csr.corporate': BRANCHES.filter((b) => b.designation === 'IND').map((b) => b.branchNo),
  'csr.cof': BRANCHES.filter((b) => b.designation === 'COF').map((b) => b.branchNo),
  'csr.franchise': ['SG101', 'SG102'],
};

export const SG101: FranchiseSummary = {
  branchNo: 'SG101',
  sqldbid: 18001,
  compName: 'Green Meadows Lawn Care',
  designation: 'IND',
  city: 'Naperville',
  state: 'IL',
};
