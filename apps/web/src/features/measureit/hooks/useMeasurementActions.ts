/**
 * Save and cancel as every kind of measurement does them (decision 040): one request id per save (a retried save is
 * recorded once), the spec's toasts, the busy refusal in the spec's words, and leaving afterwards (§4: the window
 * closes with closeOnSave, else /searchMeasureIt).
 */
import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MEASUREMENT_BUSY_MESSAGE } from '@cc/contract';
import { ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { newUuid } from '../../../lib/uuid';
import { MEASUREIT_TEXT } from '../texts';
import { useLeave } from './useLeave';

/** What the user reads of a refused get, save or cancel: another user's lock in §8's words, else the server's. */
export const measurementFailure = (error: Error) =>
  error instanceof ApiError && error.status === 409 ? MEASUREMENT_BUSY_MESSAGE : error.message;

export function useMeasurementActions<SaveArgs, Saved>(options: {
  closeOnSave: boolean;
  /** The toast of a save. */
  savedText: string;
  save: (args: SaveArgs, requestId: string) => Promise<Saved>;
  /** Releases the measurement (by its id). */
  cancel: (id: number) => Promise<unknown>;
  /** After a save, before the toast and leaving (announce it, refresh caches). */
  onSaved?: (saved: Saved) => void;
  /** After a cancel, before the toast and leaving (announce it). */
  onCancelled?: () => void;
}) {
  const leave = useLeave(options.closeOnSave);
  const requestId = useRef(newUuid());
  const save = useMutation({
    mutationFn: (args: SaveArgs) => options.save(args, requestId.current),
    onSuccess: (saved) => {
      requestId.current = newUuid();
      options.onSaved?.(saved);
      adminToast.success(options.savedText);
      leave();
    },
    onError: (error: Error) => adminToast.error(measurementFailure(error), error),
  });
  const cancel = useMutation({
    mutationFn: options.cancel,
    onSettled: () => {
      options.onCancelled?.();
      adminToast.info(MEASUREIT_TEXT.editCancelled);
      leave();
    },
  });
  return { save, cancel, leave };
}
