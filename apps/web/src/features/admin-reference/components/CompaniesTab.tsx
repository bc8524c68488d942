import { useMemo } from 'react';
import { Badge, Checkbox, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adminToast } from '../../../lib/toast';
import { useCompanies, useCompanyRoles, useRoles, useSaveCompany } from '../api/reference';
import { RefDialog, RefForm, invalidForm, showSaveError } from './RefDialog';
import { RefTable } from './RefTable';
import { required, useEditing } from './useEditing';

interface CompanyRow {
  CompanyId: number;
  Description: string;
  Roles: { RoleId: number; Description: string }[];
}

/** Companies (§3 Company, CompanyRoles): each with the roles its users may be given. */
export function CompaniesTab() {
  const companies = useCompanies();
  const companyRoles = useCompanyRoles();
  const dialog = useEditing<CompanyRow>();
  const rows = useMemo<CompanyRow[] | undefined>(() => {
    if (!companies.data || !companyRoles.data) return undefined;
    return companies.data.map((c) => ({
      ...c,
      Roles: companyRoles.data.find((r) => r.CompanyId === c.CompanyId)?.Roles ?? [],
    }));
  }, [companies.data, companyRoles.data]);

  return (
    <>
      <RefTable
        title="Companies"
        noun="company"
        rows={rows}
        loading={companies.isPending || companyRoles.isPending}
        error={companies.error ?? companyRoles.error}
        rowKey={(c) => String(c.CompanyId)}
        rowName={(c) => c.Description}
        columns={[
          { header: 'Id', value: (c) => c.CompanyId, width: 80 },
          { header: 'Description', value: (c) => c.Description, width: 220 },
          {
            header: 'Roles it gives',
            text: (c) => c.Roles.map((r) => r.Description).join(' '),
            value: (c) => (
              <Group gap={4}>
                {c.Roles.map((r) => (
                  <Badge key={r.RoleId} variant="light" color="gray" c="dark.8" radius="sm" tt="none">
                    {r.RoleId} {r.Description}
                  </Badge>
                ))}
              </Group>
            ),
          },
        ]}
        onAdd={dialog.add}
        onEdit={dialog.edit}
      />
      <RefDialog opened={dialog.opened} title={dialog.row ? 'Edit company' : 'Add company'} onCancel={dialog.cancel}>
        <CompanyForm company={dialog.row} onDone={dialog.done} onCancel={dialog.cancel} />
      </RefDialog>
    </>
  );
}

function CompanyForm({
  company,
  onDone,
  onCancel,
}: {
  company: CompanyRow | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useSaveCompany();
  const roles = useRoles();
  const form = useForm({
    initialValues: {
      Description: company?.Description ?? '',
      Roles: company?.Roles.map((r) => String(r.RoleId)) ?? [],
    },
    validate: { Description: required('Description') },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        id: company?.CompanyId ?? null,
        body: { Description: values.Description, Roles: values.Roles.map(Number) },
      });
      adminToast.success(`Company saved: ${saved.Description}`);
      onDone();
    } catch (error) {
      showSaveError(error, ['Description', 'Roles'], form.setErrors);
    }
  }, invalidForm);
  return (
    <RefForm onSubmit={submit} onCancel={onCancel} saving={save.isPending}>
      <TextInput label="Description" required data-autofocus {...form.getInputProps('Description')} />
      <Checkbox.Group
        label="Roles its users may have"
        description="The user form offers only these roles for the company's users."
        {...form.getInputProps('Roles')}
      >
        <SimpleGrid cols={2} spacing={6} mt={6}>
          {roles.data?.map((r) => (
            <Checkbox key={r.RoleId} value={String(r.RoleId)} label={`${r.RoleId} ${r.Description}`} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </RefForm>
  );
}
