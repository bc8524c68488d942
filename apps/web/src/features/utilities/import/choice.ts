/**
 * What the import dialog's user has chosen (administration.md §7; decision 030): the call type, the file and,
 * optionally, a franchise with its flag codes; and what follows from it (whether the import goes by franchise, the
 * franchise filter sent with the file, whether the file may be previewed).
 */
import type { ImportFranchiseFilter, RouteResponse } from '@cc/contract';
import { importHasBranch, type ImportCallType } from '@cc/domain';
import { ApiError } from '../../../lib/request';

export type Franchise = RouteResponse<'getActiveFranchises'>[number];

export const CALL_TYPE_LABELS: Record<ImportCallType, string> = {
  Cancel: 'Cancel',
  Upsell: 'Upsell',
  CustomerSurvey: 'Customer Survey',
  SkippedRounds: 'Skipped Rounds',
};

export interface ImportChoice {
  callType: ImportCallType;
  /** The user ticked "Import by franchise" (a call type whose file names no branch goes by franchise anyway). */
  byFranchiseChosen: boolean;
  branchNo: string | null;
  included: string[];
  excluded: string[];
  includeUnflagged: boolean;
  file: File | null;
}

export const INITIAL_CHOICE: ImportChoice = {
  callType: 'Cancel',
  byFranchiseChosen: false,
  branchNo: null,
  included: [],
  excluded: [],
  includeUnflagged: true,
  file: null,
};

/** Chosen, or forced by a call type whose file names no branch. */
export const importsByFranchise = (choice: ImportChoice) =>
  choice.byFranchiseChosen || !importHasBranch(choice.callType);

/** The franchise filter sent with the file: none unless the import goes by franchise and one is chosen. */
export function franchiseFilterOf(choice: ImportChoice, franchise: Franchise | null): ImportFranchiseFilter | null {
  if (!importsByFranchise(choice) || !franchise) return null;
  return {
    franchise: { branchNo: franchise.branchno, sqldbid: franchise.sqldbid },
    includedFlagCodes: choice.included,
    excludedFlagCodes: choice.excluded,
    includeUnflagged: choice.includeUnflagged,
  };
}

/** A file, and a franchise when the import goes by one. */
export const readyToPreview = (choice: ImportChoice, filter: ImportFranchiseFilter | null) =>
  choice.file !== null && (!importsByFranchise(choice) || filter !== null);

const CUT_OFF_BYTES = 5 * 1024 * 1024;

/** Why a preview failed, in the dialog's words. */
export function previewFailure(error: unknown, fileSize: number): string {
  // A server refusing a very large file may close the connection before the browser has sent it all.
  if (error instanceof ApiError && error.status === 0 && fileSize > CUT_OFF_BYTES) {
    return 'The upload was cut off. The server reads files of at most UTILITIES_IMPORT_MAX_MB (20 MB unless configured otherwise).';
  }
  return error instanceof ApiError ? error.message : 'The file could not be checked. Try again.';
}
