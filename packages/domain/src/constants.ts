/** Business constants quoted from the specification (administration.md §9, call-handling.md §9). */

export const CompanyType = {
  Corporate: 1,
  CompanyOwned: 2,
  IndependentFranchise: 3,
  External: 4,
} as const;
export type CompanyType = (typeof CompanyType)[keyof typeof CompanyType];

export const COMPANY_TYPES: readonly { id: CompanyType; description: string }[] = [
  { id: 1, description: 'Corporate' },
  { id: 2, description: 'Company-owned' },
  { id: 3, description: 'Independent franchise' },
  { id: 4, description: 'External' },
];

export function isCompanyType(value: number): value is CompanyType {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

export type FranchiseDesignation = 'IND' | 'COF';

/** Idle handling on the client: 840 s idle, then a 60 s warning. */
export const IDLE_TIMEOUT_SECONDS = 840;
export const IDLE_WARNING_SECONDS = 60;
/** Server-side session limits: 900 s without a request, 12 h in all. */
export const SESSION_IDLE_SECONDS = 900;
export const SESSION_MAX_SECONDS = 12 * 60 * 60;

export const TOAST_MS = 3000;

export const CALL_TIME_ZONE = 'America/Chicago';
export const CALL_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const CALL_SOURCES: readonly { id: number; name: string }[] = [
  { id: 0, name: 'Choose One' },
  { id: 1, name: '** ALL **' },
  { id: 2, name: 'Incoming' },
  { id: 3, name: 'Outgoing' },
  { id: 4, name: 'Internet' },
  { id: 5, name: 'CompanyOwnedOutgoing' },
];

/**
 * The id of a source picker's placeholder option (call-handling.md §9): nothing picked yet. It is no source, so a
 * request carrying it is read as "no source" and never stored (decision 027).
 */
export const CALL_SOURCE_PLACEHOLDER_ID = 999999;

/** The options of a call-source picker: the placeholder first, then the spec's sources from '** ALL **' on. */
export function callSourceOptions(): { id: number; name: string }[] {
  return [{ id: CALL_SOURCE_PLACEHOLDER_ID, name: 'Choose One' }, ...CALL_SOURCES.filter((source) => source.id !== 0)];
}

/** The source an option id names, or null for the placeholder, 'Choose One' (0) and unknown ids. */
export function callSourceOf(id: number): { id: number; name: string } | null {
  if (id === CALL_SOURCE_PLACEHOLDER_ID || id === 0) return null;
  return CALL_SOURCES.find((source) => source.id === id) ?? null;
}

/**
 * Company-owned franchise list (COF code to SQLDBID). The spec fixes the eight codes and the id range
 * 17501-17510 but not the pairing; this pairing is ours (docs/decisions/002-demo-data.md).
 */
export const COMPANY_OWNED_FRANCHISES: readonly { branchNo: string; sqldbid: number }[] = [
  { branchNo: 'SLI010', sqldbid: 17501 },
  { branchNo: 'SLI012', sqldbid: 17502 },
  { branchNo: 'SLI014', sqldbid: 17503 },
  { branchNo: 'SLI015', sqldbid: 17504 },
  { branchNo: 'SLI016', sqldbid: 17505 },
  { branchNo: 'SLI019', sqldbid: 17506 },
  { branchNo: 'SLI030', sqldbid: 17508 },
  { branchNo: 'SLI035', sqldbid: 17510 },
];

export const USERNAME_MIN = 5;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 7;
export const PASSWORD_MAX = 30;

/** Identity-server users get the identity id plus this offset as their UserId. */
export const IDENTITY_USER_ID_OFFSET = 1_000_000;
