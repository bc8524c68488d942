import { BusyButton } from '../../../components/BusyButton';
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { ASSIGN_TEXT, CALLBACK_TEXT, isAssignableCsr } from '@cc/domain';
import type { Callback, SccDbUser } from '@cc/contract';
import { DayRangePicker, type DayRange } from '../../../components/DayRangePicker';
import { adminToast } from '../../../lib/toast';
import type { UtilityDialogProps } from '../utilities';
import { useCallbacks, useSccDbUsers, useUpdateCallbacks } from '../assign/api';
import { CallbacksGrid } from './CallbacksGrid';
import { ANY_CSR, csrFilterOptions, csrLabel } from './csr-filter';
import { callbacksCount, callbacksQueryOf } from './model';
import { useCancelToast } from '../useCancelToast';

const NO_DAY_RANGE: DayRange = [null, null];

/**
 * Reassign Callbacks (administration.md §2, §8; decision 031): the open callbacks by CSR and callback days; select
 * several and give them to another CSR. A callback its CSR ended meanwhile is left, and the toasts say how many moved.
 */
export default function ReassignCallbacksDialog({ opened, onClose }: UtilityDialogProps) {
  const { close, done } = useCancelToast(onClose, CALLBACK_TEXT.cancelled);
  // The chosen CSR with its name, so it keeps its name once its last callbacks in the range have moved.
  const [chosen, setChosen] = useState({ value: ANY_CSR, label: '' });
  const [days, setDays] = useState<DayRange>(NO_DAY_RANGE);
  const [selected, setSelected] = useState<Callback[]>([]);
  // A new grid after a reassignment: nothing stays selected that the answer has moved.
  const [round, setRound] = useState(0);
  const callbacks = useCallbacks(callbacksQueryOf(chosen.value, days));
  const csrs = useSccDbUsers();
  const filter = csrFilterOptions(
    callbacks.data?.holders ?? [],
    csrs.data ?? [],
    chosen.value,
    new Map([[chosen.value, chosen.label]]),
  );
  const rows = callbacks.data?.data ?? [];

  const reassigned = () => {
    done();
    setSelected([]);
    setRound((n) => n + 1);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Reassign Callbacks"
      size="min(1200px, 96vw)"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="callbacks-dialog"
    >
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <CsrFilter filter={filter} value={chosen.value} onChange={setChosen} />
          <DayRangePicker
            label="Callback date"
            placeholder="Any day"
            value={days}
            onChange={setDays}
            clearable
            w={260}
          />
          <Text size="xs" c="gray.7" aria-live="polite">
            {callbacksCount(rows.length, callbacks.data?.total ?? 0)}
          </Text>
        </Group>
        {callbacks.isError ? (
          <Alert color="red" title="Could not load the callbacks" role="alert">
            {callbacks.error.message}
          </Alert>
        ) : null}
        <CallbacksGrid key={round} rows={rows} loading={callbacks.isFetching} onSelectionChange={setSelected} />
        <ReassignBar selected={selected} csrs={csrs.data ?? []} onReassigned={reassigned} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The CSR filter: the CSRs holding callbacks (with how many) first, then the others. */
function CsrFilter({
  filter,
  value,
  onChange,
}: {
  filter: ReturnType<typeof csrFilterOptions>;
  value: string;
  onChange: (chosen: { value: string; label: string }) => void;
}) {
  return (
    <Select
      label="CSR"
      data={filter.data}
      renderOption={({ option }) => {
        const count = filter.counts.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" gap="xs" w="100%">
            <span>{option.label}</span>
            {count === undefined ? null : (
              <Text span size="xs" c="gray.7">
                {` ${count} ${count === 1 ? 'callback' : 'callbacks'}`}
              </Text>
            )}
          </Group>
        );
      }}
      value={value}
      onChange={(next, option) => onChange({ value: next ?? ANY_CSR, label: option?.label ?? '' })}
      allowDeselect={false}
      searchable
      w={280}
      size="xs"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The selected callbacks given to the CSR chosen; the toasts say how many moved and how many were left. */
function ReassignBar({
  selected,
  csrs,
  onReassigned,
}: {
  selected: Callback[];
  csrs: readonly SccDbUser[];
  onReassigned: () => void;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const reassign = useUpdateCallbacks();
  const targetOptions = csrs.filter(isAssignableCsr).map((u) => ({ value: String(u.id), label: csrLabel(u) }));

  const submit = async () => {
    if (!target || selected.length === 0) return;
    const csr = Number(target);
    let answer;
    try {
      answer = await reassign.mutateAsync({
        rows: selected.map((r) => ({ OutboundId: r.OutboundId, callBackCSR: csr })),
      });
    } catch {
      adminToast.error(ASSIGN_TEXT.failed);
      return;
    }
    onReassigned();
    adminToast.success(CALLBACK_TEXT.reassigned(answer.count));
    if (answer.notReassigned.length > 0) adminToast.warning(CALLBACK_TEXT.skipped(answer.notReassigned.length));
  };

  return (
    <Group align="flex-end" gap="sm" role="group" aria-label="Reassign the selected callbacks">
      <Text size="sm" fw={500} miw={160} data-testid="callbacks-selected">
        {selected.length} selected
      </Text>
      <Select
        label="Give to CSR"
        placeholder="Choose a CSR"
        data={targetOptions}
        value={target}
        onChange={setTarget}
        searchable
        w={280}
        size="xs"
        comboboxProps={{ withinPortal: true }}
      />
      <BusyButton
        size="xs"
        onClick={() => void submit()}
        disabled={!target || selected.length === 0}
        busy={reassign.isPending}
      >
        Reassign
      </BusyButton>
    </Group>
  );
}
