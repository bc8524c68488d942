import { BusyButton } from '../../../components/BusyButton';
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { ASSIGN_TEXT, isAssignableCsr } from '@cc/domain';
import type { CsrAssignment } from '@cc/contract';
import { useSession } from '../../../lib/session';
import type { UtilityDialogProps } from '../utilities';
import { useAssignments, useSccDbUsers, useSourceList } from './api';
import { AssignmentsGrid, groupKey } from './AssignmentsGrid';
import { ALL_SOURCES, canAssign, listLabel, listsShown } from './model';
import { useAssignmentActions, type AssignmentActions } from './useAssignmentActions';
import { useCancelToast } from '../useCancelToast';

/**
 * Assign Service Reps (administration.md §2, §3, §8; decision 031): the list groups with their CSR; give the selected
 * group to a CSR, delete its assignment, or mark its list complete. Closed without a change: the cancel toast.
 */
export default function AssignServiceRepsDialog({ opened, onClose }: UtilityDialogProps) {
  const { close, done } = useCancelToast(onClose, ASSIGN_TEXT.cancelled);
  const me = useSession()?.user.UserId ?? 0;
  const assignments = useAssignments();
  const [source, setSource] = useState<string>(ALL_SOURCES);
  const [branch, setBranch] = useState('');
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [csr, setCsr] = useState<string | null>(null);

  const rows = useMemo(() => listsShown(assignments.data ?? [], source, branch), [assignments.data, source, branch]);
  // The selected group as the server last answered it (its CSR changes after an assignment).
  const selected = rows.find((r) => groupKey(r) === selectedKey) ?? null;
  const actions = useAssignmentActions(selected, { me, done, clearCsr: () => setCsr(null) });

  const onSelect = (row: CsrAssignment | null) => {
    setSelectedKey(row ? groupKey(row) : null);
    setCsr(row?.userId ? String(row.userId) : null);
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
        <ListFilters source={source} onSource={setSource} branch={branch} onBranch={setBranch} count={rows.length} />
        {assignments.isError ? (
          <Alert color="red" title="Could not load the assignments" role="alert">
            {assignments.error.message}
          </Alert>
        ) : null}
        <AssignmentsGrid rows={rows} loading={assignments.isPending} onSelect={onSelect} />
        <SelectedListBar selected={selected} csr={csr} onCsr={setCsr} actions={actions} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Source and Branch filters, and how many lists they leave. */
function ListFilters(props: {
  source: string;
  onSource: (source: string) => void;
  branch: string;
  onBranch: (branch: string) => void;
  count: number;
}) {
  const sources = useSourceList();
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Source"
        data={[ALL_SOURCES, ...sources]}
        value={props.source}
        onChange={(value) => props.onSource(value ?? ALL_SOURCES)}
        allowDeselect={false}
        w={260}
        size="xs"
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Branch"
        placeholder="Any branch"
        value={props.branch}
        onChange={(e) => props.onBranch(e.currentTarget.value)}
        w={140}
        size="xs"
      />
      <Text size="xs" c="gray.7" aria-live="polite">
        {props.count} {props.count === 1 ? 'list' : 'lists'}
      </Text>
    </Group>
  );
}

/** The selected list, the CSR to give it to, and what may be done to it. */
function SelectedListBar({
  selected,
  csr,
  onCsr,
  actions,
}: {
  selected: CsrAssignment | null;
  csr: string | null;
  onCsr: (csr: string | null) => void;
  actions: AssignmentActions;
}) {
  const csrs = useSccDbUsers();
  const csrOptions = (csrs.data ?? [])
    .filter(isAssignableCsr)
    .map((u) => ({ value: String(u.id), label: `${u.firstName} ${u.lastName} (${u.username})` }));
  return (
    <Group align="flex-end" gap="sm" role="group" aria-label="Selected list">
      <Text size="sm" fw={500} miw={220} data-testid="selected-list">
        {listLabel(selected)}
      </Text>
      <Select
        label="CSR"
        placeholder="Choose a CSR"
        data={csrOptions}
        value={csr}
        onChange={onCsr}
        searchable
        disabled={!selected}
        w={280}
        size="xs"
        comboboxProps={{ withinPortal: true }}
      />
      <BusyButton
        size="xs"
        onClick={() => csr && void actions.assign(csr)}
        disabled={!canAssign(selected, csr)}
        busy={actions.pending.assign}
      >
        Assign CSR
      </BusyButton>
      <BusyButton
        size="xs"
        variant="default"
        c={selected?.assignmentId ? 'red.9' : undefined}
        onClick={actions.confirmDelete}
        disabled={!selected?.assignmentId}
        busy={actions.pending.delete}
      >
        Delete Assignment
      </BusyButton>
      <BusyButton
        size="xs"
        variant="default"
        onClick={actions.confirmComplete}
        disabled={!selected || selected.openCalls === 0}
        busy={actions.pending.complete}
      >
        Mark List Complete
      </BusyButton>
    </Group>
  );
}
