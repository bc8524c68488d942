import { describe, expect, it } from 'vitest';
import { auditDiff, entityLabel, formatValue, formatWhen, referenceKind } from './model';

describe("auditDiff with the page's names", () => {
  const names = {
    role: { '2': 'Call Centre Supervisor', '3': 'Customer Service Representative' },
    company: { '1': 'Corporate' },
    brand: {},
    application: { '1': 'Inbound Calls', '2': 'Outbound Calls' },
    permission: { '4': 'CallCenter.EditPricing' },
    user: { '12': 'csr.cof' },
    branch: { SG101: 'Green Meadows Lawn Care' },
    franchise: {},
  };

  it('reads an id of a named field as its name, the id after it; an unknown id as it is', () => {
    expect(auditDiff({ RoleId: 3, CompanyId: 1 }, { RoleId: 2, CompanyId: 1, BrandId: 7 }, names)).toEqual([
      {
        field: 'RoleId',
        kind: 'changed',
        before: 'Customer Service Representative (#3)',
        after: 'Call Centre Supervisor (#2)',
      },
      { field: 'BrandId', kind: 'added', after: '7' },
    ]);
  });

  it('names the items of lists and the fields of objects in lists, a branch by its number first', () => {
    const [apps, branches, permissions, csr] = auditDiff(
      { Applications: [1], Branches: [], permissions: [], callBackCSR: null },
      {
        Applications: [1, 2],
        Branches: [{ branchno: 'SG101' }],
        permissions: [{ PermissionId: 4, value: 'true' }],
        callBackCSR: 12,
      },
      names,
    );
    expect(apps).toMatchObject({ gained: ['Outbound Calls (#2)'], lost: [] });
    expect(branches).toMatchObject({ gained: ['branchno=SG101 (Green Meadows Lawn Care)'] });
    expect(permissions).toMatchObject({ gained: ['PermissionId=CallCenter.EditPricing (#4) value=true'] });
    expect(csr).toMatchObject({ before: '(none)', after: 'csr.cof (#12)' });
  });
});

describe('auditDiff', () => {
  it('a creation lists every field it set, the ids first', () => {
    expect(auditDiff(null, { BrandName: 'Lawn Stars', BrandId: 4 })).toEqual([
      { field: 'BrandId', kind: 'added', after: '4' },
      { field: 'BrandName', kind: 'added', after: 'Lawn Stars' },
    ]);
  });

  it('a deletion lists every field it held', () => {
    expect(auditDiff({ CompanyId: 1, RoleId: 3, DefaultValue: 'true' }, null)).toEqual([
      { field: 'CompanyId', kind: 'removed', before: '1' },
      { field: 'RoleId', kind: 'removed', before: '3' },
      { field: 'DefaultValue', kind: 'removed', before: 'true' },
    ]);
  });

  it('an update lists only what differs, nested fields by their path', () => {
    const before = { PermissionId: 6, Name: 'A', Values: { truevalue: 'yes', falsevalue: 'no' } };
    const after = { PermissionId: 6, Name: 'A', Values: { truevalue: 'yes', falsevalue: 'never' } };
    expect(auditDiff(before, after)).toEqual([
      { field: 'Values.falsevalue', kind: 'changed', before: 'no', after: 'never' },
    ]);
  });

  it('a list says which items it gained and lost', () => {
    const [line] = auditDiff({ Roles: [1, 3, 8] }, { Roles: [1, 4, 8, 9] });
    expect(line).toEqual({
      field: 'Roles',
      kind: 'changed',
      before: '1, 3, 8',
      after: '1, 4, 8, 9',
      gained: ['4', '9'],
      lost: ['3'],
    });
  });

  it('a list of objects compares its items by their fields', () => {
    const before = { permissions: [{ PermissionId: 1, value: 'true' }] };
    const after = {
      permissions: [
        { PermissionId: 1, value: 'false' },
        { PermissionId: 2, value: 'true' },
      ],
    };
    expect(auditDiff(before, after)[0]).toMatchObject({
      gained: ['PermissionId=1 value=false', 'PermissionId=2 value=true'],
      lost: ['PermissionId=1 value=true'],
    });
  });

  it('nothing changed is no line; a field set to null is a change, not a removal', () => {
    expect(auditDiff({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toEqual([]);
    expect(auditDiff({ BrandId: 1 }, { BrandId: null })).toEqual([
      { field: 'BrandId', kind: 'changed', before: '1', after: '(none)' },
    ]);
  });

  it('a field that appears or goes on an update is added or removed', () => {
    expect(auditDiff({ value: 'true' }, { value: 'false', ApplicationId: 2, PermissionId: 5 })).toEqual([
      { field: 'ApplicationId', kind: 'added', after: '2' },
      { field: 'PermissionId', kind: 'added', after: '5' },
      { field: 'value', kind: 'changed', before: 'true', after: 'false' },
    ]);
  });

  it('a creation or deletion leaves out the fields it left empty; false is said', () => {
    expect(auditDiff(null, { Email: '', Branches: [], SQLDBID: null, isAdmin: false })).toEqual([
      { field: 'isAdmin', kind: 'added', after: 'false' },
    ]);
    expect(auditDiff({ Email: '', Username: 'pat' }, null)).toEqual([
      { field: 'Username', kind: 'removed', before: 'pat' },
    ]);
  });

  it('a bare value (not an object) is one line', () => {
    expect(auditDiff(null, 'x')).toEqual([{ field: 'value', kind: 'added', after: 'x' }]);
  });
});

describe('formatValue', () => {
  it.each<[unknown, string]>([
    [null, '(none)'],
    [undefined, '(none)'],
    ['', '(empty)'],
    [[], '(none)'],
    [false, 'false'],
    [[{ branchno: 101 }, { branchno: 102 }], 'branchno=101, branchno=102'],
    [{ truevalue: 'on', falsevalue: 'off' }, 'truevalue=on falsevalue=off'],
  ])('%j reads %j', (value, text) => {
    expect(formatValue(value)).toBe(text);
  });
});

describe('the small readers', () => {
  it('an unknown or missing kind is the first tab', () => {
    expect(referenceKind('permissions')).toBe('permissions');
    expect(referenceKind(undefined)).toBe('brands');
    expect(referenceKind('toString')).toBe('brands');
  });

  it('entity names read as words; unknown ones as they are', () => {
    expect(entityLabel('template')).toBe('Role template');
    expect(entityLabel('gadget')).toBe('gadget');
  });

  it("times read YYYY-MM-DD HH:mm:ss on Chicago's clock, whatever the browser's zone; an unreadable time as it came", () => {
    // 05:06 UTC is the evening before in Chicago (CST, UTC-6 in March before the change of clocks; CDT in July).
    expect(formatWhen('2025-03-04T05:06:07Z')).toBe('2025-03-03 23:06:07');
    expect(formatWhen('2025-07-04T05:06:07Z')).toBe('2025-07-04 00:06:07');
    expect(formatWhen('soon')).toBe('soon');
  });
});
