import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PermissionDef } from '@cc/contract';
import { adminToast } from '../../../lib/toast';
import { useApplications, usePermissions, useSavePermission } from '../api/reference';
import { RefDialog, RefForm, invalidForm, showSaveError } from './RefDialog';
import { RefTable } from './RefTable';
import { required, useEditing } from './useEditing';

const FIELDS = ['ApplicationId', 'Name', 'Description', 'Values.truevalue', 'Values.falsevalue'] as const;

/** Permissions (§3 Permission: Values JSON with its truevalue and falsevalue), each of one application. */
export function PermissionsTab() {
  const permissions = usePermissions();
  const applications = useApplications();
  const dialog = useEditing<PermissionDef>();
  const appName = (id: number) => applications.data?.find((a) => a.ApplicationId === id)?.Name ?? String(id);
  return (
    <>
      <RefTable
        title="Permissions"
        noun="permission"
        rows={permissions.data}
        loading={permissions.isPending}
        error={permissions.error}
        rowKey={(p) => String(p.PermissionId)}
        rowName={(p) => p.Name}
        columns={[
          { header: 'Id', value: (p) => p.PermissionId, width: 60 },
          { header: 'Application', value: (p) => appName(p.ApplicationId) },
          { header: 'Name', value: (p) => p.Name },
          { header: 'Description', value: (p) => p.Description },
          { header: 'True value', value: (p) => p.Values.truevalue },
          { header: 'False value', value: (p) => p.Values.falsevalue },
        ]}
        onAdd={dialog.add}
        onEdit={dialog.edit}
      />
      <RefDialog
        opened={dialog.opened}
        title={dialog.row ? 'Edit permission' : 'Add permission'}
        onCancel={dialog.cancel}
      >
        <PermissionForm permission={dialog.row} onDone={dialog.done} onCancel={dialog.cancel} />
      </RefDialog>
    </>
  );
}

function PermissionForm({
  permission,
  onDone,
  onCancel,
}: {
  permission: PermissionDef | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useSavePermission();
  const applications = useApplications();
  const form = useForm({
    initialValues: {
      ApplicationId: permission ? String(permission.ApplicationId) : '',
      Name: permission?.Name ?? '',
      Description: permission?.Description ?? '',
      Values: {
        truevalue: permission?.Values.truevalue ?? 'true',
        falsevalue: permission?.Values.falsevalue ?? 'false',
      },
    },
    validate: {
      ApplicationId: (v) => (v ? null : 'Choose the application.'),
      Name: required('Name'),
      Values: { truevalue: required('The true value'), falsevalue: required('The false value') },
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        id: permission?.PermissionId ?? null,
        body: { ...values, ApplicationId: Number(values.ApplicationId) },
      });
      adminToast.success(`Permission saved: ${saved.Name}`);
      onDone();
    } catch (error) {
      showSaveError(error, FIELDS, form.setErrors);
    }
  }, invalidForm);
  return (
    <RefForm onSubmit={submit} onCancel={onCancel} saving={save.isPending}>
      <Select
        label="Application"
        required
        data-autofocus
        data={applications.data?.map((a) => ({ value: String(a.ApplicationId), label: a.Name })) ?? []}
        {...form.getInputProps('ApplicationId')}
      />
      <TextInput label="Name" required {...form.getInputProps('Name')} />
      <TextInput label="Description" {...form.getInputProps('Description')} />
      <SimpleGrid cols={2}>
        <TextInput
          label="True value"
          description="What a user holding it has"
          required
          {...form.getInputProps('Values.truevalue')}
        />
        <TextInput
          label="False value"
          description="What everyone else has"
          required
          {...form.getInputProps('Values.falsevalue')}
        />
      </SimpleGrid>
    </RefForm>
  );
}
