/**
 * The dialogs of /call-center/Utilities (administration.md §2: Import CSV, Assign Service Reps, Reassign Callbacks,
 * Franchise Maintenance, Resend Emails), in the order the page shows them. Each feature adds its own row; its
 * dialog is loaded when it is first opened.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
}

export const UTILITIES: Utility[] = [
  {
    key: 'import-csv',
    label: 'Import CSV',
    description: 'Load Cancel, Upsell, Customer Survey and Skipped Rounds lists from a franchise’s CSV file.',
    dialog: lazy(() => import('./import/ImportCsvDialog')),
  },
];
