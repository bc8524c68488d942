import { describe, expect, it } from 'vitest';
import type { SccDbUser } from '@cc/contract';
import { ANY_CSR, csrFilterOptions } from './csr-filter';

const csr = (id: number, username: string, flags: Partial<SccDbUser> = {}): SccDbUser => ({
  id,
  username,
  firstName: username.split('.')[0] ?? username,
  lastName: 'X',
  allowCorporate: false,
  allowFranchise: false,
  isAdmin: false,
  allowVerification: false,
  measureItToolOnly: false,
  ...flags,
});
const holder = (userId: number, username: string, callbacks: number) => ({
  userId,
  username,
  firstName: username.split('.')[0] ?? username,
  lastName: 'X',
  callbacks,
});

describe('the Reassign Callbacks CSR filter', () => {
  const csrs = [csr(1, 'casey.c', { allowCorporate: true }), csr(2, 'jordan.o', { allowCorporate: true })];
  const csrsWithFranchise = [...csrs, csr(3, 'riley.f', { allowFranchise: true })];

  it('offers the holders first with their counts, then the other CSRs work may be given to', () => {
    const { data, counts } = csrFilterOptions(
      [holder(3, 'riley.f', 12), holder(2, 'jordan.o', 4)],
      csrsWithFranchise,
      ANY_CSR,
      new Map(),
    );
    expect(data).toEqual([
      { value: ANY_CSR, label: 'All CSRs' },
      {
        group: 'Holding callbacks',
        items: [
          { value: '3', label: 'riley X (riley.f)' },
          { value: '2', label: 'jordan X (jordan.o)' },
        ],
      },
      { group: 'Other CSRs', items: [{ value: '1', label: 'casey X (casey.c)' }] },
    ]);
    expect(counts).toEqual(
      new Map([
        ['3', 12],
        ['2', 4],
      ]),
    );
  });

  it('keeps a chosen holder offered once it holds nothing in the range', () => {
    const { data, counts } = csrFilterOptions([], csrsWithFranchise, '3', new Map([['3', 'riley X (riley.f)']]));
    expect(data[1]).toEqual({ group: 'Holding callbacks', items: [{ value: '3', label: 'riley X (riley.f)' }] });
    expect(counts.get('3')).toBe(0);
    // A chosen CSR work may be given to is among the others already: not twice.
    const chosen = csrFilterOptions([], csrs, '1', new Map([['1', 'casey X (casey.c)']]));
    expect(chosen.data).toEqual([
      { value: ANY_CSR, label: 'All CSRs' },
      {
        group: 'Other CSRs',
        items: [
          { value: '1', label: 'casey X (casey.c)' },
          { value: '2', label: 'jordan X (jordan.o)' },
        ],
      },
    ]);
  });
});
