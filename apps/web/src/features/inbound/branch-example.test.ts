import { describe, expect, it } from 'vitest';
import { branchExample, franchisePlaceholder } from './branch-example';

describe('the Add Call example branch', () => {
  it("is the start of the user's own first branch", () => {
    expect(franchisePlaceholder(branchExample(['SLI019', 'SLI010']))).toBe('Type a branch number, e.g. SLI');
    expect(franchisePlaceholder(branchExample(['SG102', 'SG101']))).toBe('Type a branch number, e.g. SG1');
  });

  it('is left out while no branch is known', () => {
    expect(franchisePlaceholder(branchExample([]))).toBe('Type a branch number');
  });
});
