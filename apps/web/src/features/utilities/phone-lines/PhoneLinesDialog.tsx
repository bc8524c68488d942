import { BusyButton } from '../../../components/BusyButton';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useActiveFranchises } from '../api';
import type { UtilityDialogProps } from '../utilities';
import { useCancelToast } from '../useCancelToast';
import { usePhoneLines } from './api';
import { PHONE_LINE_TEXTS, shownDnis } from './model';
import { PhoneLineForm } from './PhoneLineForm';
import { PhoneLinesGrid } from './PhoneLinesGrid';
import { usePhoneLineEditor, type PhoneLineEditor } from './usePhoneLineEditor';

/**
 * Phone Lines (decision 081): the numbers callers dial (DNIS) and the branch each belongs to, so that a screen pop of
 * a caller nobody knows opens Add Call on that franchise. A supervisor sees and keeps the lines of the branches of
 * their utilities scope; a number belongs to one branch.
 */
export default function PhoneLinesDialog({ opened, onClose }: UtilityDialogProps) {
  const { close, done } = useCancelToast(onClose, PHONE_LINE_TEXTS.cancelled);
  const lines = usePhoneLines();
  const franchises = useActiveFranchises();
  const editor = usePhoneLineEditor(done);
  const branches = (franchises.data ?? []).flatMap((f) =>
    f.branches.map((b) => ({ value: b, label: `${b} · ${f.compname}` })),
  );

  return (
    <Modal opened={opened} onClose={close} title={PHONE_LINE_TEXTS.title} size="70rem" data-testid="phone-lines">
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          A caller nobody knows, popped on a number listed here, gets Add Call on the number&apos;s branch.
        </Text>
        {lines.error ? (
          <Alert color="red" role="alert" title="The phone lines could not be read">
            {lines.error.message}
          </Alert>
        ) : null}
        <PhoneLinesGrid rows={lines.data ?? []} loading={lines.isPending} onSelect={editor.select} />
        <SelectedLineActions editor={editor} />
        <PhoneLineForm editor={editor} branches={branches} onDone={close} />
      </Stack>
    </Modal>
  );
}

/** Edit or delete the line selected in the grid; a deletion asks first, beside the buttons. */
function SelectedLineActions({ editor }: { editor: PhoneLineEditor }) {
  const { selected } = editor;
  return (
    <Group gap="sm">
      <Button variant="default" disabled={!selected} onClick={editor.editSelected}>
        Edit
      </Button>
      <Button
        variant="default"
        color="red"
        leftSection={<IconTrash size={16} />}
        disabled={!selected}
        onClick={() => editor.setConfirmingDelete(true)}
      >
        Delete
      </Button>
      {editor.confirmingDelete && selected ? (
        <Group gap="xs" role="group" aria-label="Confirm the deletion">
          <Text size="sm">Delete {shownDnis(selected.dnis)}?</Text>
          <BusyButton size="xs" color="red" busy={editor.removing} onClick={() => void editor.remove()}>
            Delete the line
          </BusyButton>
          <Button size="xs" variant="default" onClick={() => editor.setConfirmingDelete(false)}>
            Keep it
          </Button>
        </Group>
      ) : null}
    </Group>
  );
}
