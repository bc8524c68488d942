/** What a filter tree says about a field or about itself, read without building any SQL (grid.ts `pinned`; `equalsNumberBy`). */
import type { FilterExpr } from './odata.js';

/** What `pinned` finds: the top-level `and` parts of a filter, each asked whether it holds the field to a value. */
export function pinnedBy(filter: FilterExpr | null, isField: (name: string) => boolean): boolean | null {
  if (!filter) return null;
  switch (filter.kind) {
    case 'and':
      return pinnedBy(filter.left, isField) ?? pinnedBy(filter.right, isField);
    case 'bool':
      return isField(filter.field) ? true : null;
    case 'not':
      return filter.expr.kind === 'bool' && isField(filter.expr.field) ? false : null;
    case 'cmp':
      if (!isField(filter.field) || filter.value.type !== 'boolean') return null;
      if (filter.op === 'eq') return filter.value.value;
      return filter.op === 'ne' ? !filter.value.value : null;
    default:
      return null;
  }
}

/** Does one of the filter's top-level `and` parts hold the field equal to a number (`field eq 7`)? */
export function equalsNumberBy(filter: FilterExpr | null, isField: (name: string) => boolean): boolean {
  if (!filter) return false;
  if (filter.kind === 'and') return equalsNumberBy(filter.left, isField) || equalsNumberBy(filter.right, isField);
  return filter.kind === 'cmp' && filter.op === 'eq' && filter.value.type === 'number' && isField(filter.field);
}
