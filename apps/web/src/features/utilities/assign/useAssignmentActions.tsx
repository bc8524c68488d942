/**
 * What Assign Service Reps does to the selected list (administration.md §3, §8; decision 031): give it to a CSR,
 * take its assignment back, mark it complete — the last two after the user confirms; each with its toast.
 */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ASSIGN_TEXT, GROUP_CALL_STATUS_TYPE, GROUP_CALL_TYPE } from '@cc/domain';
import type { CsrAssignment } from '@cc/contract';
import { adminToast } from '../../../lib/toast';
import { useDeleteAssignment, useMarkComplete, useUpdateAssignment } from './api';

interface ActionOptions {
  /** The signed-in user, who marks the list complete. */
  me: number;
  /** A change was made: closing the dialog no longer says it was cancelled. */
  done: () => void;
  /** The CSR field is cleared when the list's assignment is deleted. */
  clearCsr: () => void;
}

export function useAssignmentActions(selected: CsrAssignment | null, { me, done, clearCsr }: ActionOptions) {
  const update = useUpdateAssignment();
  const remove = useDeleteAssignment();
  const complete = useMarkComplete();

  const assign = async (csr: string) => {
    if (!selected) return;
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
            clearCsr();
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

  return {
    assign,
    confirmDelete,
    confirmComplete,
    pending: { assign: update.isPending, delete: remove.isPending, complete: complete.isPending },
  };
}

export type AssignmentActions = ReturnType<typeof useAssignmentActions>;
