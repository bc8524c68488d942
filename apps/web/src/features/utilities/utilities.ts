/**
 * The dialogs of /call-center/Utilities (administration.md §2: Import CSV, Assign Service Reps, Reassign Callbacks,
 * Franchise Maintenance, Resend Emails; ours: Phone Lines, decision 081), in the order the page shows them. Each feature adds its own row; its
 * dialog is loaded when it is first opened.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ACCESS, type AccessRule } from '@cc/domain';

export interface UtilityDialogProps {
  opened: boolean;
  /** Closes the dialog. A dialog closed without finishing shows its own cancel toast first (administration.md §8). */
  onClose: () => void;
}

export interface Utility {
  /** Stable key: the button's test id is `open-{key}`. */
  key: string;
  label: string;
  description: string;
  dialog: LazyExoticComponent<ComponentType<UtilityDialogProps>>;
  /** A rule of its own beyond the page's (a permission): the card is shown only to users who pass it. */
  access?: AccessRule;
}

export const UTILITIES: Utility[] = [
  {
    key: 'import-csv',
    label: 'Import CSV',
    description: 'Load Cancel, Upsell, Customer Survey and Skipped Rounds lists from a franchise’s CSV file.',
    dialog: lazy(() => import('./import/ImportCsvDialog')),
    access: ACCESS.importCalls,
  },
  {
    key: 'assign',
    label: 'Assign Service Reps',
    description: 'Hand each call list (branch, type and source) to a service rep, or mark a list complete.',
    dialog: lazy(() => import('./assign/AssignServiceRepsDialog')),
  },
  {
    key: 'callbacks',
    label: 'Reassign Callbacks',
    description: 'Move open callbacks from one service rep to another, by rep and callback date.',
    dialog: lazy(() => import('./callbacks/ReassignCallbacksDialog')),
  },
  {
    key: 'franchise-maintenance',
    label: 'Franchise Maintenance',
    description: 'Web-lead hours, follow-up windows, hot-prospect and CC email addresses of each franchise.',
    dialog: lazy(() => import('./configs/FranchiseMaintenanceDialog')),
  },
  {
    key: 'resend-emails',
    label: 'Resend Emails',
    description: 'See the emails that failed, fix an address, and send them again.',
    dialog: lazy(() => import('./resend/ResendEmailsDialog')),
  },
  {
    key: 'phone-lines',
    label: 'Phone Lines',
    description: 'The numbers callers dial, each with its branch: a new caller’s Add Call starts on that branch.',
    dialog: lazy(() => import('./phone-lines/PhoneLinesDialog')),
  },
];
