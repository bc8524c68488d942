/**
 * The Phone Lines dialog's editing (decision 081): the line selected in the grid, the form (a new line or the one
 * being edited) with its errors, the deletion waiting for its confirmation, and the save and delete calls with their
 * toasts. A field the server refuses (a number already a line, a branch out of scope) shows its message on it.
 */
import { useState } from 'react';
import type { PhoneLine } from '@cc/contract';
import { ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { usePhoneLineWrites } from './api';
import {
  lineFormOf,
  lineFormProblems,
  lineRequestOf,
  newLine,
  PHONE_LINE_TEXTS,
  type LineErrors,
  type LineForm,
} from './model';

const failed = (error: unknown) => adminToast.error(error instanceof ApiError ? error.message : String(error), error);

/** `done` tells the dialog a change was made, so closing it is no longer a cancel. */
export function usePhoneLineEditor(done: () => void) {
  const writes = usePhoneLineWrites();
  const [selected, setSelected] = useState<PhoneLine | null>(null);
  const [form, setForm] = useState<LineForm>(newLine);
  const [errors, setErrors] = useState<LineErrors>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const select = (row: PhoneLine | null) => {
    setSelected(row);
    setConfirmingDelete(false);
  };
  const editSelected = () => {
    if (selected) setForm(lineFormOf(selected));
    setErrors({});
  };
  /** A field typed into: its value, and its error gone until the next save (the description's is the server's). */
  const setField = <K extends 'dnis' | 'branchNo' | 'description'>(field: K, value: LineForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (field !== 'description') setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const save = async () => {
    setErrors(lineFormProblems(form));
    const body = lineRequestOf(form);
    if (!body) return;
    try {
      if (form.id === null) await writes.add.mutateAsync(body);
      else await writes.update.mutateAsync({ id: form.id, body });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      failed(error);
      return;
    }
    done();
    adminToast.success(form.id === null ? PHONE_LINE_TEXTS.added : PHONE_LINE_TEXTS.saved);
    setForm(newLine());
  };

  const remove = async () => {
    if (!selected) return;
    try {
      await writes.remove.mutateAsync(selected.PhoneLineId);
    } catch (error) {
      failed(error);
      return;
    }
    done();
    adminToast.success(PHONE_LINE_TEXTS.deleted);
    setConfirmingDelete(false);
    setSelected(null);
    if (form.id === selected.PhoneLineId) setForm(newLine());
  };

  return {
    selected,
    select,
    editSelected,
    confirmingDelete,
    setConfirmingDelete,
    remove,
    removing: writes.remove.isPending,
    form,
    errors,
    setField,
    startNew: () => setForm(newLine()),
    save,
    saving: writes.add.isPending || writes.update.isPending,
  };
}

export type PhoneLineEditor = ReturnType<typeof usePhoneLineEditor>;
