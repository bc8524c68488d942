/**
 * The names of the ids an audit row's before and after hold (docs/decisions/100-audit-log-names.md): which fields name
 * which reference (a role, a company, a user…), the ids of a page's rows collected by kind for the server's one look-up,
 * and the names it answers, by kind and id as text.
 */
import { z } from './zod.js';

export const AUDIT_NAME_KINDS = [
  'role',
  'company',
  'brand',
  'application',
  'permission',
  'user',
  'branch',
  'franchise',
] as const;
export type AuditNameKind = (typeof AUDIT_NAME_KINDS)[number];

/**
 * The fields of the audited records that hold an id (or a list of ids) of another record, by the kind they name. The
 * records keep the spellings of their own screens and calls, so one kind may have several.
 */
export const AUDIT_NAMED_FIELDS: Readonly<Record<string, AuditNameKind>> = {
  RoleId: 'role',
  Roles: 'role',
  CompanyId: 'company',
  BrandId: 'brand',
  ApplicationId: 'application',
  Applications: 'application',
  PermissionId: 'permission',
  UserId: 'user',
  userId: 'user',
  callBackCSR: 'user',
  branch: 'branch',
  branchNo: 'branch',
  branchno: 'branch',
  Branches: 'branch',
  SQLDBID: 'franchise',
  sqldbid: 'franchise',
};

/** The kind of reference a field of an audited record names, if it names one. */
export const auditNameKindOf = (field: string): AuditNameKind | undefined =>
  Object.hasOwn(AUDIT_NAMED_FIELDS, field) ? AUDIT_NAMED_FIELDS[field] : undefined;

/** By kind, each id (as text) the server knows a name for. */
export const AuditNames = z.object(
  Object.fromEntries(AUDIT_NAME_KINDS.map((kind) => [kind, z.record(z.string(), z.string())])) as Record<
    AuditNameKind,
    z.ZodRecord<z.ZodString, z.ZodString>
  >,
);
export type AuditNames = z.infer<typeof AuditNames>;

const isId = (value: unknown): value is string | number =>
  (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && value !== '');

/**
 * The ids the values hold in named fields, by kind: a field's id, its list of ids, and the named fields of the objects
 * nested anywhere (a user's permissions, `{ PermissionId, value }`).
 */
export function auditIdsOf(values: readonly unknown[]): Record<AuditNameKind, string[]> {
  const found = Object.fromEntries(AUDIT_NAME_KINDS.map((kind) => [kind, new Set<string>()])) as Record<
    AuditNameKind,
    Set<string>
  >;
  const walk = (value: unknown, kind: AuditNameKind | undefined): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, kind);
    } else if (typeof value === 'object' && value !== null) {
      for (const [field, v] of Object.entries(value)) walk(v, auditNameKindOf(field));
    } else if (kind && isId(value)) {
      found[kind].add(String(value));
    }
  };
  for (const value of values) walk(value, undefined);
  return Object.fromEntries(AUDIT_NAME_KINDS.map((kind) => [kind, [...found[kind]]])) as Record<
    AuditNameKind,
    string[]
  >;
}
