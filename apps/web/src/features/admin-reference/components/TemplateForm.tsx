import { Group, Radio, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CompanyRolePermissionTemplate, PermissionDef } from '@cc/contract';
import { adminToast } from '../../../lib/toast';
import { useCompanies, useCompanyRoles, usePermissions, useSaveTemplate, useTemplates } from '../api/reference';
import { RefForm, invalidForm, showSaveError } from './RefDialog';
import { initialTemplateValues, isTemplateTaken, rolesGivenBy, type TemplateValues } from './template-rules';

type Template = CompanyRolePermissionTemplate;

const FIELDS = ['CompanyId', 'RoleId', 'PermissionId', 'DefaultValue'] as const;

/**
 * Adding a template names the company, one of the roles it gives, and a permission (its application follows); editing
 * changes only the default value, one of the permission's two values.
 */
export function TemplateForm({
  template,
  defaults,
  onDone,
  onCancel,
}: {
  template: Template | null;
  /** The grid's filter, as the new entry's start. */
  defaults: { CompanyId: string | null; RoleId: string | null };
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useSaveTemplate();
  const companies = useCompanies();
  const companyRoles = useCompanyRoles();
  const permissions = usePermissions();
  const form = useTemplateForm(template, defaults);
  const roles = rolesGivenBy(companyRoles.data, form.values.CompanyId);
  const permission = permissions.data?.find((p) => p.PermissionId === Number(form.values.PermissionId));

  const submit = form.onSubmit(async (values) => {
    if (!permission) return;
    try {
      await save.mutateAsync({
        key: {
          CompanyId: Number(values.CompanyId),
          RoleId: Number(values.RoleId),
          ApplicationId: permission.ApplicationId,
          PermissionId: permission.PermissionId,
        },
        body: { DefaultValue: values.DefaultValue },
      });
      adminToast.success(`Role template saved: ${permission.Name} = ${values.DefaultValue}`);
      onDone();
    } catch (error) {
      showSaveError(error, FIELDS, form.setErrors);
    }
  }, invalidForm);

  const editing = template !== null;
  return (
    <RefForm onSubmit={submit} onCancel={onCancel} saving={save.isPending}>
      <Select
        label="Company"
        required
        disabled={editing}
        data-autofocus
        data={companies.data?.map((c) => ({ value: String(c.CompanyId), label: c.Description })) ?? []}
        {...form.getInputProps('CompanyId')}
        onChange={(v: string | null) => {
          form.setFieldValue('CompanyId', v ?? '');
          const gives = rolesGivenBy(companyRoles.data, v);
          if (!gives.some((r) => String(r.RoleId) === form.values.RoleId)) form.setFieldValue('RoleId', '');
        }}
      />
      <Select
        label="Role"
        description={form.values.CompanyId ? 'The roles this company gives' : 'Choose the company first'}
        required
        disabled={editing || !form.values.CompanyId}
        data={roles.map((r) => ({ value: String(r.RoleId), label: r.Description }))}
        {...form.getInputProps('RoleId')}
      />
      <Select
        label="Permission"
        required
        searchable
        disabled={editing}
        data={
          permissions.data?.map((p) => ({
            value: String(p.PermissionId),
            label: `${p.Name} (${p.Values.truevalue} / ${p.Values.falsevalue})`,
          })) ?? []
        }
        {...form.getInputProps('PermissionId')}
        onChange={(v: string | null) => {
          form.setFieldValue('PermissionId', v ?? '');
          form.setFieldValue('DefaultValue', '');
        }}
      />
      <DefaultValueChoice permission={permission} inputProps={form.getInputProps('DefaultValue')} />
    </RefForm>
  );
}

/** The form's values and their checks; an addition may not repeat a default the company's role already has. */
function useTemplateForm(template: Template | null, defaults: { CompanyId: string | null; RoleId: string | null }) {
  const existing = useTemplates({});
  return useForm<TemplateValues>({
    initialValues: initialTemplateValues(template, defaults),
    validate: {
      CompanyId: (v) => (v ? null : 'Choose the company.'),
      RoleId: (v) => (v ? null : 'Choose one of the roles the company gives.'),
      PermissionId: (v, values) => {
        if (!v) return 'Choose the permission.';
        const taken = !template && isTemplateTaken(existing.data, { ...values, PermissionId: v });
        return taken ? 'This role already has a default for this permission: edit it in the grid.' : null;
      },
      DefaultValue: (v) => (v ? null : 'Choose the default value.'),
    },
  });
}

/** One of the permission's two values, once a permission is chosen. */
function DefaultValueChoice({
  permission,
  inputProps,
}: {
  permission: PermissionDef | undefined;
  inputProps: ReturnType<ReturnType<typeof useTemplateForm>['getInputProps']>;
}) {
  return (
    <Radio.Group label="Default value" required {...inputProps}>
      {permission ? (
        <Group mt={6}>
          <Radio value={permission.Values.truevalue} label={permission.Values.truevalue} />
          <Radio value={permission.Values.falsevalue} label={permission.Values.falsevalue} />
        </Group>
      ) : (
        <Text size="sm" c="gray.7" mt={4}>
          Choose the permission first.
        </Text>
      )}
    </Radio.Group>
  );
}
