import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { BusyButton } from '../../../components/BusyButton';

/** The spec's texts for an invalid form and a cancelled save (administration.md §5, §8), used for every form here. */
export const INVALID_FORM = 'Please correct invalid entries and try again.';
export const SAVE_CANCELLED = 'Save Cancelled...';

export interface RefDialogProps {
  opened: boolean;
  title: string;
  /** Cancel, the close button, Escape or a click outside: 'Save Cancelled...'. */
  onCancel: () => void;
  /** The form, mounted only while the dialog is open, so each opening starts from the row as it is. */
  children: ReactNode;
  'data-testid'?: string;
}

/** The add and edit dialog of every kind of reference data. */
export function RefDialog({ opened, title, onCancel, children, ...rest }: RefDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid={rest['data-testid']}
    >
      {opened ? children : null}
    </Modal>
  );
}

/** The dialog's form: the fields, then Cancel and Save. */
export function RefForm({
  onSubmit,
  onCancel,
  saving,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <BusyButton type="submit" busy={saving}>
            Save
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A refused save: a 400's messages go on the fields they name (the server's own words) with the spec's invalid-form
 * toast; a message for a field the form does not show, or any other refusal, is toasted as it came. A 403 was
 * already toasted 'Access Denied.' by the API client.
 */
export function showSaveError(
  error: unknown,
  fields: readonly string[],
  setErrors: (errors: Record<string, string>) => void,
): void {
  if (!(error instanceof ApiError)) {
    adminToast.error(error instanceof Error ? error.message : String(error), error);
    return;
  }
  if (error.status === 403) return;
  const onFields = Object.entries(error.errors).filter(([field]) => fields.includes(field));
  if (error.status === 400 && onFields.length > 0) {
    setErrors(Object.fromEntries(onFields));
    adminToast.error(INVALID_FORM);
    return;
  }
  adminToast.error(error.message, error);
}

/** A form's own check failed: the spec's toast (the fields show their messages). */
export const invalidForm = (): void => adminToast.error(INVALID_FORM);
export const saveCancelled = (): void => adminToast.info(SAVE_CANCELLED);
