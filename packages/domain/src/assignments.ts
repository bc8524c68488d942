/**
 * CSR assignments and callbacks of the utilities (administration.md §3, §6, §7; decision 031). Pure rules shared by
 * the server, which enforces them, and the web app, which only shows what they allow.
 */

/** The fixed values of SetGroupCallStatus (administration.md §7): the outbound lists, marked complete. */
export const GROUP_CALL_TYPE = 'Outbound';
export const GROUP_CALL_STATUS_TYPE = 'Complete';

/** The franchise designation GetSourceList is called with (administration.md §7). */
export const SOURCE_LIST_DESIGNATION = 'COF';

/** A CSR's flags as the users table holds them (administration.md §3). */
export interface CsrFlags {
  allowCorporate: boolean;
  isAdmin: boolean;
  active?: boolean;
}

/**
 * Who may be given a list or a callback: an active user with allowCorporate or isAdmin (administration.md §6: "list
 * filters keep users with allowCorporate or isAdmin"). The server refuses anyone else; the web app lists only these.
 */
export function isAssignableCsr(user: CsrFlags): boolean {
  return user.active !== false && (user.allowCorporate || user.isAdmin);
}

/** The outbound list group an assignment routes (branch, call type, call source). */
export interface ListGroup {
  branch: string;
  type: string;
  source: string;
}

/** Toast texts of the two dialogs (administration.md §8); '...' replaced as decision 031 says. */
export const ASSIGN_TEXT = {
  updated: (group: ListGroup) =>
    `CSR Successfully Updated for Assignment ${group.branch} ${group.type} ${group.source}`,
  deleted: 'Assignment Successfully Deleted.',
  markComplete: 'Mark List Complete Succeeded!',
  failed: 'Sorry, but an error occurred...',
  cancelled: 'Assign Service Reps Cancelled...',
  deleteCancelled: 'Delete CSR Assignment Cancelled...',
  markCompleteCancelled: 'Mark List Complete Cancelled...',
} as const;

export const CALLBACK_TEXT = {
  reassigned: (count: number) => `${count} Callback(s) Successfully Reassigned!`,
  cancelled: 'Reassign Callbacks Cancelled...',
  /** Ours: selected callbacks that their CSR ended (completed, or no longer a callback) before the reassignment. */
  skipped: (count: number) =>
    `${count} selected callback(s) had already been ended by their CSR and were not reassigned.`,
} as const;
