import { BusyButton } from '../../../components/BusyButton';
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPhonePlus, IconTrash } from '@tabler/icons-react';
import type { PhoneLine } from '@cc/contract';
import { ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { useActiveFranchises } from '../api';
import type { UtilityDialogProps } from '../utilities';
import { useCancelToast } from '../useCancelToast';
import { usePhoneLines, usePhoneLineWrites } from './api';
import { dnisProblem, lineFormOf, newLine, PHONE_LINE_TEXTS, shownDnis, type LineForm } from './model';
import { PhoneLinesGrid } from './PhoneLinesGrid';

/**
 * Phone Lines (decision 081): the numbers callers dial (DNIS) and the branch each belongs to, so that a screen pop of
 * a caller nobody knows opens Add Call on that franchise. A supervisor sees and keeps the lines of the branches of
 * their utilities scope; a number belongs to one branch.
 */
export default function PhoneLinesDialog({ opened, onClose }: UtilityDialogProps) {
  const { close, done } = useCancelToast(onClose, PHONE_LINE_TEXTS.cancelled);
  const lines = usePhoneLines();
  const franchises = useActiveFranchises();
  const writes = usePhoneLineWrites();
  const [selected, setSelected] = useState<PhoneLine | null>(null);
  const [form, setForm] = useState<LineForm>(newLine);
  const [errors, setErrors] = useState<Partial<Record<'dnis' | 'branchNo' | 'description', string>>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);

  const branches = (franchises.data ?? []).flatMap((f) =>
    f.branches.map((b) => ({ value: b, label: `${b} · ${f.compname}` })),
  );
  const saving = writes.add.isPending || writes.update.isPending;

  const save = async () => {
    const next = {
      dnis: dnisProblem(form.dnis) ?? undefined,
      branchNo: form.branchNo ? undefined : 'Choose the branch the number belongs to.',
    };
    setErrors(next);
    if (next.dnis || next.branchNo || !form.branchNo) return;
    const body = { dnis: form.dnis.trim(), branchNo: form.branchNo, description: form.description.trim() };
    try {
      if (form.id === null) await writes.add.mutateAsync(body);
      else await writes.update.mutateAsync({ id: form.id, body });
    } catch (error) {
      // The server names the field it refuses (a number already a line, a branch out of scope): shown on it.
      if (error instanceof ApiError) setErrors(error.errors);
      adminToast.error(error instanceof ApiError ? error.message : String(error), error);
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
      adminToast.error(error instanceof ApiError ? error.message : String(error), error);
      return;
    }
    done();
    adminToast.success(PHONE_LINE_TEXTS.deleted);
    setConfirmDelete(false);
    setSelected(null);
    if (form.id === selected.PhoneLineId) setForm(newLine());
  };

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
        <PhoneLinesGrid
          rows={lines.data ?? []}
          loading={lines.isPending}
          onSelect={(row) => {
            setSelected(row);
            setConfirmDelete(false);
          }}
        />
        <Group gap="sm">
          <Button
            variant="default"
            disabled={!selected}
            onClick={() => {
              if (selected) setForm(lineFormOf(selected));
              setErrors({});
            }}
          >
            Edit
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={!selected}
            onClick={() => setConfirmDelete(true)}
          >
            Delete
          </Button>
          {confirmDelete && selected ? (
            <Group gap="xs" role="group" aria-label="Confirm the deletion">
              <Text size="sm">Delete {shownDnis(selected.dnis)}?</Text>
              <BusyButton size="xs" color="red" busy={writes.remove.isPending} onClick={() => void remove()}>
                Delete the line
              </BusyButton>
              <Button size="xs" variant="default" onClick={() => setConfirmDelete(false)}>
                Keep it
              </Button>
            </Group>
          ) : null}
        </Group>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="xs">
            <Title order={3} size="h6">
              {form.id === null ? 'Add a phone line' : `Edit ${form.dnis}`}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Number dialled (DNIS)"
                type="tel"
                required
                maxLength={40}
                value={form.dnis}
                error={errors.dnis}
                onChange={(e) => {
                  const dnis = e.currentTarget.value;
                  setForm((f) => ({ ...f, dnis }));
                  setErrors((x) => ({ ...x, dnis: undefined }));
                }}
                data-testid="phone-line-dnis"
              />
              <Select
                label="Branch"
                required
                searchable
                placeholder="Choose a branch"
                data={branches}
                value={form.branchNo}
                error={errors.branchNo}
                onChange={(branchNo) => {
                  setForm((f) => ({ ...f, branchNo }));
                  setErrors((x) => ({ ...x, branchNo: undefined }));
                }}
                comboboxProps={{ withinPortal: true }}
                data-testid="phone-line-branch"
              />
              <TextInput
                label="Description"
                maxLength={100}
                value={form.description}
                error={errors.description}
                onChange={(e) => {
                  const description = e.currentTarget.value;
                  setForm((f) => ({ ...f, description }));
                }}
              />
            </SimpleGrid>
            <Group justify="space-between">
              <Group gap="sm">
                <BusyButton type="submit" busy={saving} leftSection={<IconPhonePlus size={16} />}>
                  {form.id === null ? 'Add Line' : 'Save Line'}
                </BusyButton>
                {form.id !== null ? (
                  <Button variant="default" onClick={() => setForm(newLine())}>
                    New line instead
                  </Button>
                ) : null}
              </Group>
              <Button variant="default" onClick={close}>
                Done
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
