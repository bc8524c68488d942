import { Checkbox, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AwayReason } from '@cc/contract';
import { adminToast } from '../../../lib/toast';
import { useAwayReasonList, useSaveAwayReason } from '../api/reference';
import { RefDialog, RefForm, invalidForm, showSaveError } from './RefDialog';
import { RefTable } from './RefTable';
import { required, useEditing } from './useEditing';

const FIELDS = ['Description', 'Active', 'SortOrder'] as const;

/**
 * The reasons a CSR gives for Away (decision 076), in the order the header offers them. A reason is retired rather
 * than deleted: the state history keeps naming it.
 */
export function AwayReasonsTab() {
  const reasons = useAwayReasonList();
  const dialog = useEditing<AwayReason>();
  return (
    <>
      <RefTable
        title="Away reasons"
        noun="away reason"
        rows={reasons.data}
        loading={reasons.isPending}
        error={reasons.error}
        rowKey={(r) => String(r.AwayReasonId)}
        rowName={(r) => r.Description}
        columns={[
          { header: 'Id', value: (r) => r.AwayReasonId, width: 60 },
          { header: 'Description', value: (r) => r.Description },
          { header: 'Offered', value: (r) => (r.Active ? 'Yes' : 'No (retired)'), width: 130 },
          { header: 'Order', value: (r) => r.SortOrder, width: 70 },
        ]}
        onAdd={dialog.add}
        onEdit={dialog.edit}
      />
      <RefDialog
        opened={dialog.opened}
        title={dialog.row ? 'Edit away reason' : 'Add away reason'}
        onCancel={dialog.cancel}
      >
        <AwayReasonForm reason={dialog.row} onDone={dialog.done} onCancel={dialog.cancel} />
      </RefDialog>
    </>
  );
}

function AwayReasonForm({
  reason,
  onDone,
  onCancel,
}: {
  reason: AwayReason | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useSaveAwayReason();
  const form = useForm({
    initialValues: {
      Description: reason?.Description ?? '',
      Active: reason?.Active ?? true,
      SortOrder: reason?.SortOrder ?? 0,
    },
    validate: { Description: required('Description') },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        id: reason?.AwayReasonId ?? null,
        body: { ...values, SortOrder: Number(values.SortOrder) || 0 },
      });
      adminToast.success(`Away reason saved: ${saved.Description}`);
      onDone();
    } catch (error) {
      showSaveError(error, FIELDS, form.setErrors);
    }
  }, invalidForm);
  return (
    <RefForm onSubmit={submit} onCancel={onCancel} saving={save.isPending}>
      <TextInput label="Description" required data-autofocus {...form.getInputProps('Description')} />
      <SimpleGrid cols={2}>
        <NumberInput
          label="Order"
          description="Its place in the header's menu"
          min={0}
          max={10000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('SortOrder')}
        />
        <Checkbox mt="xl" label="Offered to CSRs" {...form.getInputProps('Active', { type: 'checkbox' })} />
      </SimpleGrid>
    </RefForm>
  );
}
