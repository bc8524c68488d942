import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { APPLY_REASON_CANCELLED, type MeasureItPropertyRow } from '@cc/contract';
import { adminToast } from '../../../lib/toast';

export interface ApplyBody {
  propertyIds: number[];
  notMeasuredReasonId: number;
  requestId: string;
}

/**
 * Asks before a reason is applied to the selected rows; `apply` runs on Apply. The rows and the request id are taken
 * when asked, so a selection changed behind the dialog does not change what is applied.
 */
export function confirmApply(
  reason: { notMeasuredReasonId: number; name: string },
  selected: readonly MeasureItPropertyRow[],
  apply: (body: ApplyBody) => void,
) {
  const propertyIds = selected.map((r) => r.propertyId);
  const requestId = crypto.randomUUID();
  let confirmed = false;
  modals.openConfirmModal({
    title: 'Apply Not Measured Reason',
    children: (
      <Text size="sm">
        Apply the reason “{reason.name}” to the {selected.length} selected{' '}
        {selected.length === 1 ? 'property' : 'properties'}? Measured properties and those another user is measuring are
        skipped.
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
      apply({ propertyIds, notMeasuredReasonId: reason.notMeasuredReasonId, requestId });
    },
  });
}
