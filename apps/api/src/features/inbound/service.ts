import { franchiseBranches, mainBranchFirst } from '../../db/main-branch.js';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { buildFullAddress, buildStreetAddress, narrowScope, type Scope, type ScopeVariant } from '@cc/domain';
import type {
  AddressSuggestion,
  CompanyInfoResponse,
  FranchiseSummary,
  InboundSearchResponse,
  ValidateZipResponse,
} from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { franchises, serviceAreas } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { startsWith } from '../../db/sql.js';
import { inScope, scopeHole, scopeShape, scopeValues, type ScopeShape } from '../../http/scope.js';
import { planned } from '../../db/prepared.js';
import { statementFamily } from '../../db/template.js';
import { notFound } from '../../http/errors.js';
import {
  INBOUND_ROW_LIMIT,
  autocompletePlan,
  autocompleteQuery,
  searchConditions,
  searchCountQuery,
  searchRowsQuery,
  type SearchRequest,
  type SearchRowsResult,
} from './search.js';

/**
 * Search customers within the caller's scope, narrowed to the endpoint's variant (general, cof, ind), and answer the
 * page of the matches the request asks for (sorted and filtered on the server). Within the limit the page's rows come
 * as the database wrote them (JSON text).
 */
export async function searchCustomers(
  ctx: AppContext,
  user: AuthUser,
  variant: ScopeVariant,
  request: SearchRequest,
): Promise<InboundSearchResponse> {
  const { page, pageSize, sort, dir, filters, ...criteria } = request;
  const scope = narrowScope(user.scope, variant);
  const where = searchConditions(criteria, scope);
  const view = { page, pageSize, sort, dir, filters };
  const [found] = rowsOf<SearchRowsResult>(await ctx.db.execute(searchRowsQuery(where, view)));
  const matched = found?.matched ?? 0;
  if (matched > INBOUND_ROW_LIMIT) {
    const [count] = rowsOf<{ total: number }>(await ctx.db.execute(searchCountQuery(where, criteria, scope)));
    return {
      rows: [],
      total: count?.total ?? matched,
      limit: INBOUND_ROW_LIMIT,
      overLimit: true,
      page,
      pageSize,
      rowCount: 0,
    };
  }
  return {
    rows: found?.rows ?? [],
    total: matched,
    limit: INBOUND_ROW_LIMIT,
    overLimit: false,
    page,
    pageSize,
    rowCount: found?.rowCount ?? 0,
  };
}

const summaryColumns = {
  branchNo: franchises.branchNo,
  sqldbid: franchises.sqldbid,
  compName: franchises.compName,
  designation: franchises.designation,
  city: franchises.city,
  state: franchises.state,
};

const zipOf = (zip: string) => zip.replace(/\D/g, '').slice(0, 5);

const zipStatement = statementFamily((shape: { scope: ScopeShape; sqldbid: boolean; branchno: boolean }) => {
  const f = franchises;
  const columns = sql.join(
    Object.entries(summaryColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
  return sql`select ${columns}
    from ${serviceAreas} join ${f} on ${f.branchNo} = ${serviceAreas.branchNo}
    where ${serviceAreas.zip} = ${sql.placeholder('zip')} and ${f.active} and ${scopeHole(shape.scope, f.branchNo)}
      ${shape.sqldbid ? sql`and ${f.sqldbid} = ${sql.placeholder('sqldbid')}` : sql``}
      ${shape.branchno ? sql`and ${f.branchNo} = ${sql.placeholder('branchno')}` : sql``}
    order by ${f.branchNo}`;
});

/** The statement of validateZip: active branches in scope serving the zip. Apart so the benchmark can run it. */
export function zipServiceQuery(
  scope: Scope,
  input: { zip: string; sqldbid?: number | undefined; branchno?: string | undefined },
): SQL {
  return zipStatement(
    { scope: scopeShape(scope), sqldbid: input.sqldbid !== undefined, branchno: Boolean(input.branchno) },
    {
      zip: zipOf(input.zip),
      sqldbid: input.sqldbid ?? null,
      branchno: input.branchno?.toUpperCase() ?? null,
      ...scopeValues(scope),
    },
  );
}

/** Is the zip in the service area of the given franchise (or of any franchise in scope)? */
export async function validateZip(
  ctx: AppContext,
  user: AuthUser,
  input: { zip: string; sqldbid?: number | undefined; branchno?: string | undefined },
): Promise<ValidateZipResponse> {
  const rows = rowsOf<FranchiseSummary>(await ctx.db.execute(zipServiceQuery(user.scope, input)));
  return { isValid: rows.length > 0, zip: zipOf(input.zip), servicedBy: rows };
}

/** Addresses in scope that start with what the CSR typed (house number first), one per address. */
export async function autocompleteAddress(
  ctx: AppContext,
  user: AuthUser,
  input: { input: string; limit: number },
): Promise<{ suggestions: AddressSuggestion[] }> {
  const rows = rowsOf<AddressSuggestion>(
    await planned(ctx.db, autocompletePlan(user.scope)).execute(
      autocompleteQuery(user.scope, input.input, input.limit),
    ),
  );
  return { suggestions: rows };
}

export function formatAddress(parts: {
  preDir: string;
  streetNo: string;
  streetNm: string;
  suffix: string;
  postDir: string;
  city: string;
  state: string;
  zip: string;
}): { address: string; fulladdress: string; zip: string } {
  const address = buildStreetAddress(parts);
  const state = parts.state.toUpperCase();
  return { address, fulladdress: buildFullAddress(address, parts.city, state, parts.zip), zip: parts.zip };
}

/** The franchise of a sqldbid or branch, with its branches and service area; 404 outside the scope. */
export async function companyInfo(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid?: number | undefined; branchno?: string | undefined },
): Promise<CompanyInfoResponse> {
  let sqldbid = input.sqldbid;
  if (sqldbid === undefined && input.branchno) {
    // A branch outside the scope is not found, even when the caller may see other branches of its franchise.
    const [branch] = await ctx.db
      .select({ sqldbid: franchises.sqldbid })
      .from(franchises)
      .where(and(eq(franchises.branchNo, input.branchno.toUpperCase()), inScope(user.scope, franchises.branchNo)));
    sqldbid = branch?.sqldbid;
  }
  if (sqldbid === undefined) throw notFound('Franchise not found.');
  const rows = await ctx.db
    .select({
      ...summaryColumns,
      timeZone: franchises.timeZone,
      brandId: franchises.brandId,
    })
    .from(franchises)
    .where(franchiseBranches(sqldbid, user.scope))
    .orderBy(...mainBranchFirst);
  const main = rows[0];
  if (!main) throw notFound('Franchise not found.');
  const zips = await ctx.db
    .selectDistinct({ zip: serviceAreas.zip })
    .from(serviceAreas)
    .where(
      sql`${serviceAreas.branchNo} in (${sql.join(
        rows.map((r) => sql`${r.branchNo}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(serviceAreas.zip));
  return {
    sqldbid,
    compName: main.compName,
    designation: main.designation,
    timeZone: main.timeZone,
    brandId: main.brandId,
    branches: rows.map(({ branchNo, sqldbid: id, compName, designation, city, state }) => ({
      branchNo,
      sqldbid: id,
      compName,
      designation,
      city,
      state,
    })),
    serviceZips: zips.map((z) => z.zip),
  };
}

/** Branches in scope whose number starts with the prefix, for the add-call dialog. */
export function franchiseLookup(ctx: AppContext, user: AuthUser, prefix: string): Promise<FranchiseSummary[]> {
  return ctx.db
    .select(summaryColumns)
    .from(franchises)
    .where(
      and(
        startsWith(franchises.branchNo, prefix.toUpperCase()),
        eq(franchises.active, true),
        inScope(user.scope, franchises.branchNo),
      ),
    )
    .orderBy(asc(franchises.branchNo))
    .limit(25);
}
