import { describe, expect, it } from 'vitest';
import { initialTemplateValues, isTemplateTaken, rolesGivenBy, templatesFilter } from './template-rules';

const template = { CompanyId: 3, RoleId: 4, ApplicationId: 1, PermissionId: 7, DefaultValue: 'Y' };

describe('the role templates', () => {
  it('filter the grid by a company and one of its roles, each only when chosen', () => {
    expect(templatesFilter(null, null)).toEqual({});
    expect(templatesFilter('3', null)).toEqual({ CompanyId: 3 });
    expect(templatesFilter('3', '4')).toEqual({ CompanyId: 3, RoleId: 4 });
  });

  it('offer the roles the chosen company gives, and none for a company not listed or none chosen', () => {
    const companyRoles = [{ CompanyId: 3, Roles: [{ RoleId: 4, Description: 'CSR' }] }];
    expect(rolesGivenBy(companyRoles, '3')).toEqual([{ RoleId: 4, Description: 'CSR' }]);
    expect(rolesGivenBy(companyRoles, '2')).toEqual([]);
    expect(rolesGivenBy(companyRoles, null)).toEqual([]);
    expect(rolesGivenBy(undefined, '3')).toEqual([]);
  });

  it("start an edit from the template, and an addition from the grid's filter", () => {
    expect(initialTemplateValues(template, { CompanyId: '1', RoleId: null })).toEqual({
      CompanyId: '3',
      RoleId: '4',
      PermissionId: '7',
      DefaultValue: 'Y',
    });
    expect(initialTemplateValues(null, { CompanyId: '1', RoleId: null })).toEqual({
      CompanyId: '1',
      RoleId: '',
      PermissionId: '',
      DefaultValue: '',
    });
  });

  it('take one default per company role and permission: the same permission again is taken, another is not', () => {
    const values = { CompanyId: '3', RoleId: '4', PermissionId: '7', DefaultValue: '' };
    expect(isTemplateTaken([template], values)).toBe(true);
    expect(isTemplateTaken([template], { ...values, PermissionId: '8' })).toBe(false);
    expect(isTemplateTaken([template], { ...values, RoleId: '5' })).toBe(false);
    expect(isTemplateTaken(undefined, values)).toBe(false);
  });
});
