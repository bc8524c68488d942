/**
 * Pure helpers of the reference-data and audit-log screens: the kinds of reference data (their tabs and paths), and
 * the readable before/after diff of an audit row (decision 026: the entity as JSON before and after the change).
 */
import { CALL_TIME_ZONE, formatLocalDateTime } from '@cc/domain';
import { auditNameKindOf, type AuditNameKind, type AuditNames } from '@cc/contract';

/** The kinds of reference data, in tab order; each is `/admin/reference/{kind}`. */
export const REFERENCE_KINDS = [
  { kind: 'brands', label: 'Brands' },
  { kind: 'companies', label: 'Companies and roles' },
  { kind: 'applications', label: 'Applications' },
  { kind: 'permissions', label: 'Permissions' },
  { kind: 'templates', label: 'Role templates' },
  { kind: 'away-reasons', label: 'Away reasons' },
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number]['kind'];

export { AUDIT_PATH, REFERENCE_PATH } from './paths';

/** The kind an address names; anything else (none, unknown) is the first tab. */
export function referenceKind(param: string | undefined): ReferenceKind {
  return REFERENCE_KINDS.find((k) => k.kind === param)?.kind ?? 'brands';
}

/** One line of an audit row's diff: a field set, removed or changed; a list shows what it gained and lost. */
export interface DiffLine {
  field: string;
  kind: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
  /** For a list: the items it gained and lost (compared by their text). */
  gained?: string[];
  lost?: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An id of a named field as a person reads it (docs/decisions/100-audit-log-names.md): the name with the id after it
 * (a branch's number first, as the screens write it); the id alone when the server knows no name for it.
 */
function namedId(kind: AuditNameKind, value: string | number, names: AuditNames | undefined): string {
  const id = String(value);
  const name = names?.[kind][id];
  if (name === undefined) return id;
  return kind === 'branch' ? `${id} (${name})` : `${name} (#${id})`;
}

/**
 * A value as one short line: text as it is, a list's items joined, an object's fields as name=value; the ids of a
 * named field (`kind`) by their names.
 */
export function formatValue(value: unknown, kind?: AuditNameKind, names?: AuditNames): string {
  if (value === null || value === undefined) return '(none)';
  if (kind && (typeof value === 'number' || (typeof value === 'string' && value !== ''))) {
    return namedId(kind, value, names);
  }
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    return value.length === 0 ? '(none)' : value.map((item) => formatItem(item, kind, names)).join(', ');
  }
  if (isObject(value)) return formatItem(value, kind, names);
  return JSON.stringify(value);
}

function formatItem(value: unknown, kind: AuditNameKind | undefined, names: AuditNames | undefined): string {
  if (isObject(value)) {
    return Object.entries(value)
      .map(([key, v]) => {
        const itsKind = auditNameKindOf(key);
        const text = isObject(v) || (Array.isArray(v) && !itsKind) ? JSON.stringify(v) : formatValue(v, itsKind, names);
        return `${key}=${text}`;
      })
      .join(' ');
  }
  return formatValue(value, kind, names);
}

/** The leaves of an object by dotted path; lists and scalars are leaves. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, value);
    for (const [key, v] of entries) flatten(v, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix || value !== null) {
    out.set(prefix || 'value', value);
  }
  return out;
}

/** Nothing to say: a creation or deletion does not list the fields it left empty. */
const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const isIdField = (field: string) => /Id$/.test(field);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an audit row changed, field by field (ids first, then in the order the fields appear): a creation lists every
 * field it set, a deletion every field it held (neither the empty ones), an update only the fields that differ. Nested
 * objects (a permission's Values) are followed to their fields; a list that changed also says which items it gained
 * and lost. With the page's `names`, the ids of named fields read as their names.
 */
export function auditDiff(before: unknown, after: unknown, names?: AuditNames): DiffLine[] {
  const old = flatten(before);
  const now = flatten(after);
  // The ids first (what the row is), then the rest: the server's JSON (jsonb) keeps no order of its own.
  const all = [...new Set([...old.keys(), ...now.keys()])];
  const fields = [...all.filter(isIdField), ...all.filter((f) => !isIdField(f))];
  const lines: DiffLine[] = [];
  for (const field of fields) {
    const hadIt = old.has(field);
    const hasIt = now.has(field);
    const a = old.get(field);
    const b = now.get(field);
    const kind = auditNameKindOf(field.split('.').at(-1) ?? field);
    const text = (value: unknown) => formatValue(value, kind, names);
    if (hadIt && hasIt && same(a, b)) continue;
    if (!(hadIt && hasIt) && isEmpty(hadIt ? a : b)) continue;
    if (!hadIt) {
      lines.push({ field, kind: 'added', after: text(b) });
    } else if (!hasIt) {
      lines.push({ field, kind: 'removed', before: text(a) });
    } else {
      const line: DiffLine = { field, kind: 'changed', before: text(a), after: text(b) };
      if (Array.isArray(a) && Array.isArray(b)) {
        const was = a.map((item) => formatItem(item, kind, names));
        const is = b.map((item) => formatItem(item, kind, names));
        line.gained = is.filter((item) => !was.includes(item));
        line.lost = was.filter((item) => !is.includes(item));
      }
      lines.push(line);
    }
  }
  return lines;
}

/** The audit log's entity names as a person reads them. */
const ENTITY_LABELS: Record<string, string> = {
  brand: 'Brand',
  company: 'Company',
  application: 'Application',
  permission: 'Permission',
  template: 'Role template',
  user: 'User',
  user_password: 'Password',
  user_permission: 'User permission',
  user_application: 'User application',
  away_reason: 'Away reason',
};
export const entityLabel = (entity: string): string => ENTITY_LABELS[entity] ?? entity;

/**
 * A time of the log on the call centre's clock (America/Chicago, administration.md §9), as every other admin screen
 * shows times and whatever the browser's zone: YYYY-MM-DD HH:mm:ss.
 */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatLocalDateTime(d, CALL_TIME_ZONE);
}
