import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { Scope } from '@cc/domain';
import { franchises } from '../db/schema/index.js';

/**
 * The one place the company scope becomes SQL: a condition on a branch-number column that every
 * query over scoped data adds to its WHERE clause. An empty branch list matches nothing.
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
