import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/request';
import { franchiseFilterOf, INITIAL_CHOICE, importsByFranchise, previewFailure, readyToPreview } from './choice';

const franchise = { branchno: '0123', sqldbid: 7, compname: 'North' } as Parameters<typeof franchiseFilterOf>[1];
const file = new File(['a,b\n'], 'calls.csv');

describe("the import's choices", () => {
  it('goes by franchise when chosen, and always for a call type whose file names no branch', () => {
    expect(importsByFranchise(INITIAL_CHOICE)).toBe(false);
    expect(importsByFranchise({ ...INITIAL_CHOICE, byFranchiseChosen: true })).toBe(true);
    expect(importsByFranchise({ ...INITIAL_CHOICE, callType: 'Upsell' })).toBe(true);
  });

  it('sends the franchise and its flag codes only when the import goes by franchise', () => {
    const choice = { ...INITIAL_CHOICE, byFranchiseChosen: true, included: ['A'], excluded: ['B'] };
    expect(franchiseFilterOf(choice, franchise)).toEqual({
      franchise: { branchNo: '0123', sqldbid: 7 },
      includedFlagCodes: ['A'],
      excludedFlagCodes: ['B'],
      includeUnflagged: true,
    });
    expect(franchiseFilterOf({ ...choice, byFranchiseChosen: false }, franchise)).toBeNull();
    expect(franchiseFilterOf(choice, null)).toBeNull();
  });

  it('may be previewed with a file, and a franchise when it goes by one', () => {
    expect(readyToPreview(INITIAL_CHOICE, null)).toBe(false);
    expect(readyToPreview({ ...INITIAL_CHOICE, file }, null)).toBe(true);
    const byFranchise = { ...INITIAL_CHOICE, file, byFranchiseChosen: true };
    expect(readyToPreview(byFranchise, null)).toBe(false);
    expect(readyToPreview(byFranchise, franchiseFilterOf(byFranchise, franchise))).toBe(true);
  });
});

describe('a failed preview', () => {
  it('names the size limit when a large upload is cut off, else says what the server said', () => {
    const dropped = new ApiError(0, 'NETWORK', 'The server could not be reached.');
    expect(previewFailure(dropped, 6 * 1024 * 1024)).toMatch(/cut off.*UTILITIES_IMPORT_MAX_MB/);
    expect(previewFailure(dropped, 1024)).toBe('The server could not be reached.');
    expect(previewFailure(new ApiError(400, 'BAD', 'callType: unknown'), 1024)).toBe('callType: unknown');
    expect(previewFailure(new Error('boom'), 1024)).toBe('The file could not be checked. Try again.');
  });
});
