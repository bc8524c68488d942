import { useState } from 'react';
import { Button, Group, Select, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { APPLY_REASON_FAILED, APPLY_REASON_SUCCESS, type MeasureItPropertyRow } from '@cc/contract';
import { api } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { useNotMeasuredReasons } from '../../measureit';
import { appliedMessage, selectionText } from '../model';
import { BusyButton } from '../../../components/BusyButton';
import { confirmApply, type ApplyBody } from './confirm-apply';

/** Joined to the grid's top edge, so the bar reads as part of the grid whose rows it acts on. */
const BAR = {
  border: '1px solid var(--mantine-color-gray-4)',
  borderBottom: 0,
  borderRadius: '8px 8px 0 0',
};

/**
 * §2: a not-measured reason applied to the selected rows, after a confirmation, from a bar directly above the grid
 * that says how many rows are selected. The answer says how many were skipped (another user measuring them, already
 * measured); `onApplied` refreshes the grid and the statistics, `onClear` lets go of the selection.
 */
export function ReasonToolbar({
  selected,
  onApplied,
  onClear,
}: {
  selected: MeasureItPropertyRow[];
  onApplied: () => void;
  onClear: () => void;
}) {
  const reasons = useNotMeasuredReasons();
  const [reasonId, setReasonId] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: (body: ApplyBody) => api('measureItApplyNotMeasuredReason', { body }),
    onSuccess: (result) => {
      if (result.applied === 0 && result.skippedLocked + result.skippedMeasured + result.notFound > 0)
        adminToast.warning(appliedMessage(APPLY_REASON_SUCCESS, result));
      else adminToast.success(appliedMessage(APPLY_REASON_SUCCESS, result));
      onApplied();
    },
    onError: () => adminToast.error(APPLY_REASON_FAILED),
  });
  const reason = reasons.data?.find((r) => String(r.notMeasuredReasonId) === reasonId);
  const none = selected.length === 0;

  return (
    <Group gap="sm" px="xs" py={6} bg="gray.0" style={BAR} data-testid="reason-toolbar">
      <Text
        size="sm"
        fw={none ? 400 : 600}
        c={none ? 'gray.7' : undefined}
        aria-live="polite"
        data-testid="selection-count"
      >
        {selectionText(selected.length)}
      </Text>
      <Group gap="xs" ml="auto" wrap="nowrap">
        <Text component="label" htmlFor="apply-reason-select" size="sm">
          Not measured reason
        </Text>
        <Select
          id="apply-reason-select"
          placeholder="Choose a reason"
          data={(reasons.data ?? []).map((r) => ({ value: String(r.notMeasuredReasonId), label: r.name }))}
          value={reasonId}
          onChange={setReasonId}
          disabled={none}
          w={220}
          size="xs"
          data-testid="apply-reason-select"
        />
        <BusyButton
          size="xs"
          onClick={() => {
            if (reason && !none) confirmApply(reason, selected, (body) => apply.mutate(body));
          }}
          disabled={!reason || none}
          busy={apply.isPending}
          data-testid="apply-reason"
        >
          Apply to selection ({selected.length})
        </BusyButton>
        <Button size="xs" variant="default" onClick={onClear} disabled={none} data-testid="clear-selection">
          Clear selection
        </Button>
      </Group>
    </Group>
  );
}
