import { BusyButton } from '../../../components/BusyButton';
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ASSIGN_TEXT, CALL_SOURCES, GROUP_CALL_STATUS_TYPE, GROUP_CALL_TYPE, isAssignableCsr } from '@cc/domain';
import type { CsrAssignment } from '@cc/contract';
import { adminToast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import type { UtilityDialogProps } from '../utilities';
import {
  useAssignments,
  useDeleteAssignment,
  useMarkComplete,
  useSccDbUsers,
  useSourceList,
  useUpdateAssignment,
} from './api';
import { AssignmentsGrid, groupKey } from './AssignmentsGrid';
import { useCancelToast } from '../useCancelToast';

/** '** ALL **' (administration.md §9, call source 1): no source filter. */
const ALL_SOURCES = CALL_SOURCES.find((s) => s.id === 1)?.name ?? '** ALL **';

/**
 * Assign Service Reps (administration.md §2, §3, §8; decision 031): the list groups with their CSR; give the selected
 * group to a CSR, delete its assignment, or mark its list complete. Closed without a change: the cancel toast.
 */
export default function AssignServiceRepsDialog({ opened, onClose }: UtilityDialogProps) {
  const { close, done } = useCancelToast(onClose, ASSIGN_TEXT.cancelled);
  const me = useSession()?.user.UserId ?? 0;
  const assignments = useAssignments();
  const csrs = useSccDbUsers();
  const sources = useSourceList();
  const update = useUpdateAssignment();
  const remove = useDeleteAssignment();
  const complete = useMarkComplete();
  const [source, setSource] = useState<string>(ALL_SOURCES);
  const [branch, setBranch] = useState('');
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [csr, setCsr] = useState<string | null>(null);

  const rows = useMemo(
    () =>
      (assignments.data ?? []).filter(
        (r) => (source === ALL_SOURCES || r.source === source) && r.branch.startsWith(branch.trim().toUpperCase()),
      ),
    [assignments.data, source, branch],
  );
  // The selected group as the server last answered it (its CSR changes after an assignment).
  const selected = rows.find((r) => groupKey(r) === selectedKey) ?? null;
  const csrOptions = (csrs.data ?? [])
    .filter(isAssignableCsr)
    .map((u) => ({ value: String(u.id), label: `${u.firstName} ${u.lastName} (${u.username})` }));

  const onSelect = (row: CsrAssignment | null) => {
    setSelectedKey(row ? groupKey(row) : null);
    setCsr(row?.userId ? String(row.userId) : null);
  };

  const assign = async () => {
    if (!selected || !csr) return;
    try {
      await update.mutateAsync({
        branch: selected.branch,
        type: selected.type,
        source: selected.source,
        userId: Number(csr),
      });
    } catch {
      adminToast.error(ASSIGN_TEXT.failed);
      return;
    }
    done();
    adminToast.success(ASSIGN_TEXT.updated(selected));
  };

  const confirmDelete = () => {
    const row = selected;
    if (!row?.assignmentId) return;
    const id = row.assignmentId;
    modals.openConfirmModal({
      title: 'Delete CSR Assignment',
      children: (
        <Text size="sm">
          Take {row.branch} {row.type} ({row.source}) back from {row.csrName}? Its calls go back to every CSR&apos;s
          lists.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Close' },
      onCancel: () => adminToast.info(ASSIGN_TEXT.deleteCancelled),
      onConfirm: () => {
        remove.mutate(id, {
          onSuccess: () => {
            done();
            setCsr(null);
            adminToast.success(ASSIGN_TEXT.deleted);
          },
          onError: () => adminToast.error(ASSIGN_TEXT.failed),
        });
      },
    });
  };

  const confirmComplete = () => {
    const row = selected;
    if (!row) return;
    modals.openConfirmModal({
      title: 'Mark List Complete',
      children: (
        <Text size="sm">
          Mark {row.branch} {row.type} ({row.source}) complete? Its {row.openCalls} open{' '}
          {row.openCalls === 1 ? 'call leaves' : 'calls leave'} every list.
        </Text>
      ),
      labels: { confirm: 'Mark Complete', cancel: 'Cancel' },
      closeButtonProps: { 'aria-label': 'Close' },
      onCancel: () => adminToast.info(ASSIGN_TEXT.markCompleteCancelled),
      onConfirm: () => {
        complete.mutate(
          {
            csrId: me,
            selcsrId: row.userId,
            callType: GROUP_CALL_TYPE,
            callStatusType: GROUP_CALL_STATUS_TYPE,
            branchNo: row.branch,
            type: row.type,
            source: row.source,
          },
          {
            onSuccess: () => {
              done();
              adminToast.success(ASSIGN_TEXT.markComplete);
            },
            onError: () => adminToast.error(ASSIGN_TEXT.failed),
          },
        );
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Assign Service Reps"
      size="min(1200px, 96vw)"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="assign-dialog"
    >
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <Select
            label="Source"
            data={[ALL_SOURCES, ...sources]}
            value={source}
            onChange={(value) => setSource(value ?? ALL_SOURCES)}
            allowDeselect={false}
            w={260}
            size="xs"
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Branch"
            placeholder="Any branch"
            value={branch}
            onChange={(e) => setBranch(e.currentTarget.value)}
            w={140}
            size="xs"
          />
          <Text size="xs" c="gray.7" aria-live="polite">
            {rows.length} {rows.length === 1 ? 'list' : 'lists'}
          </Text>
        </Group>
        {assignments.isError ? (
          <Alert color="red" title="Could not load the assignments" role="alert">
            {assignments.error.message}
          </Alert>
        ) : null}
        <AssignmentsGrid rows={rows} loading={assignments.isPending} onSelect={onSelect} />
        <Group align="flex-end" gap="sm" role="group" aria-label="Selected list">
          <Text size="sm" fw={500} miw={220} data-testid="selected-list">
            {selected ? `${selected.branch} · ${selected.type} · ${selected.source}` : 'Select a list in the grid.'}
          </Text>
          <Select
            label="CSR"
            placeholder="Choose a CSR"
            data={csrOptions}
            value={csr}
            onChange={setCsr}
            searchable
            disabled={!selected}
            w={280}
            size="xs"
            comboboxProps={{ withinPortal: true }}
          />
          <BusyButton
            size="xs"
            onClick={() => void assign()}
            disabled={!selected || !csr || String(selected.userId) === csr}
            busy={update.isPending}
          >
            Assign CSR
          </BusyButton>
          <BusyButton
            size="xs"
            variant="default"
            c={selected?.assignmentId ? 'red.9' : undefined}
            onClick={confirmDelete}
            disabled={!selected?.assignmentId}
            busy={remove.isPending}
          >
            Delete Assignment
          </BusyButton>
          <BusyButton
            size="xs"
            variant="default"
            onClick={confirmComplete}
            disabled={!selected || selected.openCalls === 0}
            busy={complete.isPending}
          >
            Mark List Complete
          </BusyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
