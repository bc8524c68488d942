import { useMemo, useState } from 'react';
import { Badge, Button, Group, Modal, Select, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { CompanyRolePermissionTemplate } from '@cc/contract';
import { adminToast } from '../../../lib/toast';
import {
  useApplications,
  useCompanies,
  useCompanyRoles,
  useDeleteTemplate,
  usePermissions,
  useRoles,
  useTemplates,
} from '../api/reference';
import { RefDialog, showSaveError } from './RefDialog';
import { RefTable, type RefColumn } from './RefTable';
import { rolesGivenBy, templateKey, templatesFilter } from './template-rules';
import { TemplateForm } from './TemplateForm';
import { useEditing } from './useEditing';
import { BusyButton } from '../../../components/BusyButton';

type Template = CompanyRolePermissionTemplate;

/** A company's, role's, application's and permission's names for the grid and the dialogs. */
export function useTemplateNames() {
  const companies = useCompanies();
  const roles = useRoles();
  const applications = useApplications();
  const permissions = usePermissions();
  return useMemo(
    () => ({
      company: (id: number) => companies.data?.find((c) => c.CompanyId === id)?.Description ?? String(id),
      role: (id: number) => roles.data?.find((r) => r.RoleId === id)?.Description ?? String(id),
      application: (id: number) => applications.data?.find((a) => a.ApplicationId === id)?.Name ?? String(id),
      permission: (id: number) => permissions.data?.find((p) => p.PermissionId === id)?.Name ?? String(id),
    }),
    [companies.data, roles.data, applications.data, permissions.data],
  );
}

/**
 * Company-role permission templates (§3 CompanyRolePermissionTemplate): the default value of each permission for a
 * company's role, which 'apply default permissions' gives a user. Filtered by company and role.
 */
export function TemplatesTab() {
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [roleId, setRoleId] = useState<string | null>(null);
  const templates = useTemplates(templatesFilter(companyId, roleId));
  const names = useTemplateNames();
  const dialog = useEditing<Template>();
  const [deleting, setDeleting] = useState<Template | null>(null);
  const describe = (t: Template) =>
    `${names.company(t.CompanyId)} ${names.role(t.RoleId)} ${names.permission(t.PermissionId)}`;

  return (
    <>
      <RefTable
        title="Role templates"
        noun="template"
        rows={templates.data}
        loading={templates.isPending}
        error={templates.error}
        rowKey={templateKey}
        rowName={describe}
        toolbar={
          <TemplateFilter
            companyId={companyId}
            roleId={roleId}
            onCompany={(v) => {
              setCompanyId(v);
              setRoleId(null);
            }}
            onRole={setRoleId}
          />
        }
        columns={templateColumns(names)}
        onAdd={dialog.add}
        onEdit={dialog.edit}
        rowActions={(t) => (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            aria-label={`Delete template ${describe(t)}`}
            onClick={() => setDeleting(t)}
          >
            Delete
          </Button>
        )}
      />
      <RefDialog
        opened={dialog.opened}
        title={dialog.row ? 'Edit role template' : 'Add role template'}
        onCancel={dialog.cancel}
      >
        <TemplateForm
          template={dialog.row}
          defaults={{ CompanyId: companyId, RoleId: roleId }}
          onDone={dialog.done}
          onCancel={dialog.cancel}
        />
      </RefDialog>
      <DeleteTemplateDialog deleting={deleting} onClose={() => setDeleting(null)} describe={describe} names={names} />
    </>
  );
}

type TemplateNames = ReturnType<typeof useTemplateNames>;

/** The grid's columns: the names of the template's company, role, application and permission, and its value. */
function templateColumns(names: TemplateNames): RefColumn<Template>[] {
  return [
    { header: 'Company', value: (t) => names.company(t.CompanyId) },
    { header: 'Role', value: (t) => names.role(t.RoleId) },
    { header: 'Application', value: (t) => names.application(t.ApplicationId) },
    { header: 'Permission', value: (t) => names.permission(t.PermissionId) },
    {
      header: 'Default value',
      text: (t) => t.DefaultValue,
      value: (t) => (
        <Badge variant="light" color="gray" c="dark.8" radius="sm" tt="none">
          {t.DefaultValue}
        </Badge>
      ),
    },
  ];
}

/** The grid's filter: a company, then one of the roles it gives (any role while no company is chosen). */
function TemplateFilter({
  companyId,
  roleId,
  onCompany,
  onRole,
}: {
  companyId: string | null;
  roleId: string | null;
  onCompany: (companyId: string | null) => void;
  onRole: (roleId: string | null) => void;
}) {
  const companies = useCompanies();
  const companyRoles = useCompanyRoles();
  const roles = useRoles();
  const roleChoices = companyId ? rolesGivenBy(companyRoles.data, companyId) : (roles.data ?? []);
  return (
    <>
      <Select
        aria-label="Company"
        placeholder="All companies"
        clearable
        w={200}
        data={companies.data?.map((c) => ({ value: String(c.CompanyId), label: c.Description })) ?? []}
        value={companyId}
        onChange={onCompany}
      />
      <Select
        aria-label="Role"
        placeholder="All roles"
        clearable
        w={220}
        data={roleChoices.map((r) => ({ value: String(r.RoleId), label: r.Description }))}
        value={roleId}
        onChange={onRole}
      />
    </>
  );
}

/** Asks before deleting a template; users keep what they have. */
function DeleteTemplateDialog({
  deleting,
  onClose,
  describe,
  names,
}: {
  deleting: Template | null;
  onClose: () => void;
  describe: (t: Template) => string;
  names: TemplateNames;
}) {
  const remove = useDeleteTemplate();
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      adminToast.success(`Role template deleted: ${describe(deleting)}`);
    } catch (error) {
      showSaveError(error, [], () => undefined);
    }
    onClose();
  };
  return (
    <Modal
      opened={deleting !== null}
      onClose={onClose}
      title="Delete role template"
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text size="sm">
        Delete the default of {deleting ? names.permission(deleting.PermissionId) : ''} for{' '}
        {deleting ? `${names.company(deleting.CompanyId)} ${names.role(deleting.RoleId)}` : ''}? Users keep what they
        have; new defaults no longer include it.
      </Text>
      <Group justify="flex-end" gap="xs" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <BusyButton color="red" busy={remove.isPending} onClick={() => void confirmDelete()}>
          Delete
        </BusyButton>
      </Group>
    </Modal>
  );
}
