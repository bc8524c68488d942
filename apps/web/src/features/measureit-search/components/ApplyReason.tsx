import { useState } from 'react';
import { Group, Select, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation } from '@tanstack/react-query';
import {
  APPLY_REASON_CANCELLED,
  APPLY_REASON_FAILED,
  APPLY_REASON_SUCCESS,
  type MeasureItPropertyRow,
} from '@cc/contract';
import { api } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { useNotMeasuredReasons } from '../../measureit';
import { appliedMessage } from '../model';
import { BusyButton } from '../../../components/BusyButton';

/**
 * §2: a not-measured reason applied to the selected rows, after a confirmation. The answer says how many were
 * skipped (another user measuring them, already measured); `onApplied` refreshes the grid and the statistics.
 */
export function ApplyReason({ selected, onApplied }: { selected: MeasureItPropertyRow[]; onApplied: () => void }) {
  const reasons = useNotMeasuredReasons();
  const [reasonId, setReasonId] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: (body: { propertyIds: number[]; notMeasuredReasonId: number; requestId: string }) =>
      api('measureItApplyNotMeasuredReason', { body }),
    onSuccess: (result) => {
      if (result.applied === 0 && result.skippedLocked + result.skippedMeasured + result.notFound > 0)
        adminToast.warning(appliedMessage(APPLY_REASON_SUCCESS, result));
      else adminToast.success(appliedMessage(APPLY_REASON_SUCCESS, result));
      onApplied();
    },
    onError: () => adminToast.error(APPLY_REASON_FAILED),
  });
  const reason = reasons.data?.find((r) => String(r.notMeasuredReasonId) === reasonId);

  const confirm = () => {
    if (!reason || selected.length === 0) return;
    const propertyIds = selected.map((r) => r.propertyId);
    const requestId = crypto.randomUUID();
    let confirmed = false;
    modals.openConfirmModal({
      title: 'Apply Not Measured Reason',
      children: (
        <Text size="sm">
          Apply the reason “{reason.name}” to the {selected.length} selected{' '}
          {selected.length === 1 ? 'property' : 'properties'}? Measured properties and those another user is measuring
          are skipped.
        </Text>
      ),
      labels: { confirm: 'Apply', cancel: 'Cancel' },
      closeButtonProps: { 'aria-label': 'Close' },
      // Cancel, the close button, Escape or a click outside: each cancels.
      onClose: () => {
        if (!confirmed) adminToast.info(APPLY_REASON_CANCELLED);
      },
      onConfirm: () => {
        confirmed = true;
        apply.mutate({ propertyIds, notMeasuredReasonId: reason.notMeasuredReasonId, requestId });
      },
    });
  };

  return (
    <Group gap="xs" align="flex-end">
      <Select
        label="Not measured reason"
        placeholder="Choose a reason"
        data={(reasons.data ?? []).map((r) => ({ value: String(r.notMeasuredReasonId), label: r.name }))}
        value={reasonId}
        onChange={setReasonId}
        w={220}
        size="xs"
        data-testid="apply-reason-select"
      />
      <BusyButton
        size="xs"
        onClick={confirm}
        disabled={!reason || selected.length === 0}
        busy={apply.isPending}
        data-testid="apply-reason"
      >
        Apply to selection ({selected.length})
      </BusyButton>
    </Group>
  );
}
