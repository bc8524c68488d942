import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AdminApplication } from '@cc/contract';
import { adminToast } from '../../../lib/toast';
import { useApplications, useSaveApplication } from '../api/reference';
import { RefDialog, RefForm, invalidForm, showSaveError } from './RefDialog';
import { RefTable } from './RefTable';
import { required, useEditing } from './useEditing';

const FIELDS = ['Name', 'Description', 'SRef', 'URL', 'sortOrder'] as const;

/** Applications (§3: SRef, URL): a user's applications are its dashboard links. */
export function ApplicationsTab() {
  const applications = useApplications();
  const dialog = useEditing<AdminApplication>();
  return (
    <>
      <RefTable
        title="Applications"
        noun="application"
        rows={applications.data}
        loading={applications.isPending}
        error={applications.error}
        rowKey={(a) => String(a.ApplicationId)}
        rowName={(a) => a.Name}
        columns={[
          { header: 'Id', value: (a) => a.ApplicationId, width: 60 },
          { header: 'Name', value: (a) => a.Name },
          { header: 'Description', value: (a) => a.Description },
          { header: 'SRef', value: (a) => a.SRef },
          { header: 'URL', value: (a) => a.URL },
          { header: 'Order', value: (a) => a.sortOrder, width: 70 },
        ]}
        onAdd={dialog.add}
        onEdit={dialog.edit}
      />
      <RefDialog
        opened={dialog.opened}
        title={dialog.row ? 'Edit application' : 'Add application'}
        onCancel={dialog.cancel}
      >
        <ApplicationForm application={dialog.row} onDone={dialog.done} onCancel={dialog.cancel} />
      </RefDialog>
    </>
  );
}

function ApplicationForm({
  application,
  onDone,
  onCancel,
}: {
  application: AdminApplication | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useSaveApplication();
  const form = useForm({
    initialValues: {
      Name: application?.Name ?? '',
      Description: application?.Description ?? '',
      SRef: application?.SRef ?? '',
      URL: application?.URL ?? '',
      sortOrder: application?.sortOrder ?? 0,
    },
    // The shapes of SRef and URL are the server's rules: its 400 puts its own words on the field.
    validate: { Name: required('Name'), SRef: required('SRef'), URL: required('URL') },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        id: application?.ApplicationId ?? null,
        body: { ...values, sortOrder: Number(values.sortOrder) || 0 },
      });
      adminToast.success(`Application saved: ${saved.Name}`);
      onDone();
    } catch (error) {
      showSaveError(error, FIELDS, form.setErrors);
    }
  }, invalidForm);
  return (
    <RefForm onSubmit={submit} onCancel={onCancel} saving={save.isPending}>
      <TextInput label="Name" required data-autofocus {...form.getInputProps('Name')} />
      <TextInput label="Description" {...form.getInputProps('Description')} />
      <SimpleGrid cols={2}>
        <TextInput
          label="SRef"
          description="The route (state) name it opens"
          required
          {...form.getInputProps('SRef')}
        />
        <NumberInput
          label="Order"
          description="Its place on the dashboard"
          min={0}
          max={10000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('sortOrder')}
        />
      </SimpleGrid>
      <TextInput
        label="URL"
        description="A path starting with / or an http(s) address"
        required
        {...form.getInputProps('URL')}
      />
    </RefForm>
  );
}
