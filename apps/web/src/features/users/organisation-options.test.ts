import { describe, expect, it } from 'vitest';
import { CompanyType, type UserAdminReach } from '@cc/domain';
import type { UserFranchise } from '@cc/contract';
import { branchOptions, franchiseOptions } from './organisation-options';

const f = (sqldbid: number, branchno: string, designation: 'IND' | 'COF'): UserFranchise => ({
  sqldbid,
  branchno,
  designation,
  compname: `Franchise ${sqldbid}`,
  comp_id: 1,
  def_comp: false,
});
const franchises = [f(1, 'SG101', 'IND'), f(1, 'SG102', 'IND'), f(2, 'SG201', 'IND'), f(3, 'CO301', 'COF')];
const all: UserAdminReach = { kind: 'all' };
const company = (sqldbid: number | null, branches: string[] | null): UserAdminReach => ({
  kind: 'company',
  companyId: CompanyType.IndependentFranchise,
  sqldbid,
  branches,
});

describe('the franchises the user form offers', () => {
  it("offers each franchise of the company's kind once, and none for a company with no franchises", () => {
    expect(franchiseOptions(franchises, CompanyType.IndependentFranchise, all)).toEqual([
      { value: '1', label: 'Franchise 1 (1)' },
      { value: '2', label: 'Franchise 2 (2)' },
    ]);
    expect(franchiseOptions(franchises, CompanyType.CompanyOwned, all)).toEqual([
      { value: '3', label: 'Franchise 3 (3)' },
    ]);
    expect(franchiseOptions(franchises, CompanyType.Corporate, all)).toEqual([]);
  });

  it("keeps to the administrator's own franchise when the reach has one", () => {
    expect(franchiseOptions(franchises, CompanyType.IndependentFranchise, company(2, null))).toEqual([
      { value: '2', label: 'Franchise 2 (2)' },
    ]);
    expect(franchiseOptions(franchises, CompanyType.IndependentFranchise, company(null, null))).toHaveLength(2);
  });
});

describe('the branches the user form offers', () => {
  it('offers the independent branches of the chosen franchise, or of all when none is chosen', () => {
    expect(branchOptions(franchises, 1, all, [])).toEqual(['SG101', 'SG102']);
    expect(branchOptions(franchises, null, all, [])).toEqual(['SG101', 'SG102', 'SG201']);
  });

  it("keeps to the administrator's branches but always keeps the user's own, sorted and once each", () => {
    expect(branchOptions(franchises, null, company(null, ['SG102']), [])).toEqual(['SG102']);
    expect(branchOptions(franchises, null, company(null, ['SG102']), ['SG201', 'SG102'])).toEqual(['SG102', 'SG201']);
  });
});
