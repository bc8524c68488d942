import { useState } from 'react';
import { saveCancelled } from './RefDialog';

/** Which row a tab's dialog edits: a row, 'new' for Add, or null when closed. */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    editing,
    opened: editing !== null,
    /** The row being edited, or null when adding. */
    row: editing === 'new' || editing === null ? null : editing,
    add: () => setEditing('new'),
    edit: (row: T) => setEditing(row),
    /** Saved: the dialog closes (the save's toast says so). */
    done: () => setEditing(null),
    /** Anything else closing the dialog: the spec's cancel toast. */
    cancel: () => {
      setEditing(null);
      saveCancelled();
    },
  };
}

/** A text field the form needs, with the server's own wording of the rule. */
export const required = (what: string) => (value: string) => (value.trim() ? null : `${what} is required.`);
