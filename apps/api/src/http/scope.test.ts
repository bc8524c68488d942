import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Scope } from '@cc/domain';
import { rowsOf } from '../db/client.js';
import { franchises } from '../db/schema/index.js';
import { statementFamily } from '../db/template.js';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { inScope, scopeHole, scopeShape, scopeValues, type ScopeShape } from './scope.js';

const byTemplate = statementFamily(
  (shape: { scope: ScopeShape }) =>
    sql`select ${franchises.branchNo} as b from ${franchises} where ${scopeHole(shape.scope, franchises.branchNo)} order by 1`,
);

describe('scopeHole', () => {
  let database: TestDatabase;
  let cof: string;
  let ind: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const rows = rowsOf<{ branchno: string; designation: string }>(
      await database.db.execute(sql`select branchno, designation from franchises order by branchno`),
    );
    cof = rows.find((r) => r.designation === 'COF')?.branchno ?? '';
    ind = rows.find((r) => r.designation === 'IND')?.branchno ?? '';
    expect(cof && ind).toBeTruthy();
  });
  afterAll(() => database.close());

  const branchesOf = async (statement: ReturnType<typeof byTemplate>) =>
    rowsOf<{ b: string }>(await database.db.execute(statement)).map((r) => r.b);

  it('matches the same branches as inScope for every kind of scope', async () => {
    const scopes: Scope[] = [
      { kind: 'all' },
      { kind: 'general' },
      { kind: 'designation', designation: 'COF' },
      { kind: 'designation', designation: 'IND' },
      { kind: 'branches', branches: [] },
      { kind: 'branches', branches: [cof, ind, 'NOPE'] },
      { kind: 'branches', branches: [cof, ind], designation: 'COF' },
      { kind: 'branches', branches: [ind], designation: 'COF' },
    ];
    for (const scope of scopes) {
      const direct = await branchesOf(
        sql`select ${franchises.branchNo} as b from ${franchises} where ${inScope(scope, franchises.branchNo)} order by 1`,
      );
      const templated = await branchesOf(byTemplate({ scope: scopeShape(scope) }, scopeValues(scope)));
      expect(templated, JSON.stringify(scope)).toEqual(direct);
    }
  });
});
