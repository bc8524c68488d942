import { Checkbox, MultiSelect, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CompanyType, userAdminReach, type UserAdminActor } from '@cc/domain';
import type { Brand, Company, CompanyRoles, UserFranchise } from '@cc/contract';
import { canOfferCompany, CSR_FLAGS, roleOptions, type UserFormValues } from '../model';
import { branchOptions, designationOf, franchiseOptions } from '../organisation-options';

export interface OrganisationSectionProps {
  form: UseFormReturnType<UserFormValues>;
  actor: UserAdminActor;
  brands: readonly Brand[];
  companies: readonly Company[];
  companyRoles: readonly CompanyRoles[];
  franchises: readonly UserFranchise[];
  /** The user's role when the form opened (null for a new user). */
  originalRoleId: number | null;
  /** The user's company when the form opened (null for a new user). */
  originalCompanyId: number | null;
  /** Editing oneself: the role stays (decision 026). */
  self: boolean;
}

/** Brand, company, the company's roles, franchise and branches, and the CSR flags. */
export function OrganisationSection(props: OrganisationSectionProps) {
  const { form, actor, brands, companies, companyRoles, franchises, originalRoleId, originalCompanyId, self } = props;
  const reach = userAdminReach(actor);
  const companyId = Number(form.values.CompanyId) || 0;
  const designation = designationOf(companyId);
  const roles = roleOptions(companyRoles, companyId, actor, originalRoleId);

  const franchiseChoices = franchiseOptions(franchises, companyId, reach);
  const sqldbid = Number(form.values.SQLDBID) || null;
  const branchChoices = branchOptions(franchises, sqldbid, reach, form.values.Branches);

  const changeCompany = (value: string | null) => {
    const next = value ?? '';
    form.setFieldValue('CompanyId', next);
    const nextRoles = roleOptions(companyRoles, Number(next), actor, originalRoleId);
    if (!nextRoles.some((r) => r.value === form.values.RoleId)) form.setFieldValue('RoleId', '');
    if (designationOf(Number(next)) !== designation) {
      if (reach.kind === 'all' || reach.sqldbid === null) form.setFieldValue('SQLDBID', '');
      form.setFieldValue('Branches', []);
    }
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={2}>
        <Select
          label="Brand"
          placeholder="None"
          clearable
          data={brands.map((b) => ({ value: String(b.BrandId), label: b.BrandName }))}
          {...form.getInputProps('BrandId')}
          value={form.values.BrandId || null}
          onChange={(v: string | null) => form.setFieldValue('BrandId', v ?? '')}
        />
        <Select
          label="Company"
          required
          allowDeselect={false}
          disabled={reach.kind === 'company'}
          data={companies
            .filter((c) => reach.kind === 'all' || c.CompanyId === reach.companyId)
            .filter((c) => canOfferCompany(actor, c.CompanyId, originalCompanyId))
            .map((c) => ({ value: String(c.CompanyId), label: c.Description }))}
          {...form.getInputProps('CompanyId')}
          value={form.values.CompanyId || null}
          onChange={changeCompany}
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <Select
          label="Role"
          required
          allowDeselect={false}
          placeholder={companyId ? 'Choose a role' : 'Choose a company first'}
          disabled={self || !companyId}
          description={self ? 'You cannot change your own role.' : undefined}
          data={roles}
          {...form.getInputProps('RoleId')}
          value={form.values.RoleId || null}
          onChange={(v: string | null) => form.setFieldValue('RoleId', v ?? '')}
          data-testid="role"
        />
        {designation ? (
          <Select
            label="Franchise"
            placeholder="None"
            clearable={reach.kind === 'all' || reach.sqldbid === null}
            searchable
            data={franchiseChoices}
            {...form.getInputProps('SQLDBID')}
            value={form.values.SQLDBID || null}
            onChange={(v: string | null) => form.setFieldValue('SQLDBID', v ?? '')}
          />
        ) : (
          <div />
        )}
      </SimpleGrid>
      {companyId === CompanyType.IndependentFranchise ? (
        <MultiSelect
          label="Branches"
          description="The branches an independent-franchise user works for."
          placeholder={form.values.Branches.length ? undefined : 'Choose branches'}
          searchable
          data={branchChoices}
          {...form.getInputProps('Branches')}
          data-testid="branches"
        />
      ) : null}
      <CsrFlags form={form} />
    </Stack>
  );
}

function CsrFlags({ form }: { form: UseFormReturnType<UserFormValues> }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={500} mb={6}>
        CSR flags
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {CSR_FLAGS.map((flag) => (
          <Checkbox key={flag.key} label={flag.label} {...form.getInputProps(flag.key, { type: 'checkbox' })} />
        ))}
      </SimpleGrid>
    </fieldset>
  );
}
