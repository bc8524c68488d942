import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { utilitiesScopeOf, type Scope } from '@cc/domain';
import type { AuthUser } from './auth.js';
import { franchises } from '../db/schema/index.js';

/**
 * Where the company scope becomes SQL: a condition on a branch-number column that every query over scoped data adds
 * to its WHERE clause. An empty branch list matches nothing. {@link scopeHole} below is the same condition for
 * statements compiled once (db/template.ts); the scope tests of the calls that use it hold it to the same rows.
 */
export function inScope(scope: Scope, branchColumn: AnyColumn | SQL): SQL {
  switch (scope.kind) {
    case 'all':
    case 'general':
      return sql`true`;
    case 'designation':
      return sql`${branchColumn} in (select ${franchises.branchNo} from ${franchises} where ${franchises.designation} = ${scope.designation})`;
    case 'branches': {
      if (scope.branches.length === 0) return sql`false`;
      const own = sql`${branchColumn} in (${sql.join(
        scope.branches.map((b) => sql`${b}`),
        sql`, `,
      )})`;
      if (scope.designation === undefined) return own;
      return sql`(${own} and ${branchColumn} in (select ${franchises.branchNo} from ${franchises} where ${franchises.designation} = ${scope.designation}))`;
    }
  }
}

/** What decides the text of a scope's condition (see db/template.ts): its kind, not its branches or designation. */
export type ScopeShape = 'all' | 'designation' | 'none' | 'branches' | 'branches in designation';

export function scopeShape(scope: Scope): ScopeShape {
  switch (scope.kind) {
    case 'all':
    case 'general':
      return 'all';
    case 'designation':
      return 'designation';
    case 'branches':
      if (scope.branches.length === 0) return 'none';
      return scope.designation === undefined ? 'branches' : 'branches in designation';
  }
}

/**
 * {@link inScope} as a statement template writes it: the same rows, with the branches as one array value
 * (`scopeBranches`) and the designation as `scopeDesignation`, so the text depends only on the scope's shape.
 */
export function scopeHole(shape: ScopeShape, branchColumn: AnyColumn | SQL): SQL {
  const own = sql`${branchColumn} = any(${sql.placeholder('scopeBranches')}::text[])`;
  const designated = sql`${branchColumn} in (select ${franchises.branchNo} from ${franchises} where ${franchises.designation} = ${sql.placeholder('scopeDesignation')})`;
  switch (shape) {
    case 'all':
      return sql`true`;
    case 'none':
      return sql`false`;
    case 'designation':
      return designated;
    case 'branches':
      return own;
    case 'branches in designation':
      return sql`(${own} and ${designated})`;
  }
}

/** The values of {@link scopeHole}'s holes for a scope. */
export function scopeValues(scope: Scope): { scopeBranches: readonly string[]; scopeDesignation: string | null } {
  return {
    scopeBranches: scope.kind === 'branches' ? scope.branches : [],
    scopeDesignation: scope.kind === 'designation' || scope.kind === 'branches' ? (scope.designation ?? null) : null,
  };
}

/**
 * The user as the call-centre utilities and the floor view act for it: its utilities scope (`utilitiesScopeOf`, decision
 * 065) in place of its search scope, so every query of those services keeps going through {@link inScope} unchanged.
 */
export function asUtilitiesUser(user: AuthUser): AuthUser {
  return { ...user, scope: utilitiesScopeOf(user) };
}
