/**
 * The inbound customer search as SQL. Kept apart from the route so the benchmark can run the very
 * same statement directly and compare. Every condition repeats an indexed expression exactly
 * (migrations 0002, 0006, 0009): a prefix range on lower(column) for names, city, email and addresses (startsWith:
 * usable by a prepared statement's plan); digit prefixes for phones; street-name fragments through the distinct street names.
 */
import { sql, type SQL } from 'drizzle-orm';
import { phoneDigits, type Scope } from '@cc/domain';
import type { z } from 'zod';
import {
  INBOUND_GRID_COLUMNS,
  INBOUND_FIRST_VIEW,
  INBOUND_ROW_LIMIT,
  InboundCriteria,
  type InboundSearchRequest,
  type InboundGridColumn,
  type InboundRow,
  type InboundSearchView,
} from '@cc/contract';
import { customers as c } from '../../db/schema/index.js';
import { escapeLike, prefixBounds, startsWith, startsWithHoles } from '../../db/sql.js';
import { statementFamily } from '../../db/template.js';
import type { Plan } from '../../db/prepared.js';
import { inScope, scopeHole, scopeShape, scopeValues, type ScopeShape } from '../../http/scope.js';
import { defineGrid, type GridField } from '../../lib/grid-query/grid.js';
import { AppError } from '../../http/errors.js';

export type Criteria = z.output<typeof InboundCriteria>;
export type SearchRequest = z.output<typeof InboundSearchRequest>;

export { INBOUND_ROW_LIMIT };

/** Customer numbers are stored as PostgreSQL integers. */
const INT4_MAX = 2_147_483_647;

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION', `${field}: ${message}`, { [field]: message });
}

/** The WHERE conditions of a search, scope first. Throws 400 for criteria that cannot be searched. */
export function searchConditions(criteria: Criteria, scope: Scope): SQL[] {
  const where: SQL[] = [];
  let given = 0;
  const add = (condition: SQL) => {
    given++;
    where.push(condition);
  };
  if (criteria.fulladdress) add(startsWith(sql`lower(${c.fullAddress})`, criteria.fulladdress.toLowerCase()));
  if (criteria.lastname) add(startsWith(sql`lower(${c.lastName})`, criteria.lastname.toLowerCase()));
  if (criteria.firstname) add(startsWith(sql`lower(${c.firstName})`, criteria.firstname.toLowerCase()));
  if (criteria.phone) {
    const digits = phoneDigits(criteria.phone);
    if (digits.length < 3) throw invalid('phone', 'enter at least 3 digits of the phone number');
    add(
      sql`(${startsWith(c.homePhone, digits)} and ${c.homePhone} <> '' or ${startsWith(c.cellPhone, digits)} and ${c.cellPhone} <> '' or ${startsWith(c.workPhone, digits)} and ${c.workPhone} <> '')`,
    );
  }
  if (criteria.email)
    add(sql`${startsWith(sql`lower(${c.email})`, criteria.email.toLowerCase())} and ${c.email} <> ''`);
  if (criteria.cust_no) {
    const customerNo = Number(criteria.cust_no);
    // The column is a 32-bit integer: a longer number would fail in the database (500), not match.
    if (customerNo > INT4_MAX || customerNo < -INT4_MAX - 1) {
      throw invalid('cust_no', `must be a customer number (at most ${INT4_MAX})`);
    }
    add(sql`${c.customerNo} = ${customerNo}`);
  }
  if (criteria.branchno) add(sql`${c.branchNo} = ${criteria.branchno.toUpperCase()}`);
  if (criteria.streetno) add(sql`${c.streetNo} = ${criteria.streetno}`);
  if (criteria.streetnm) {
    if (criteria.streetnm.length < 3) {
      // Too short for trigrams: match the start of the street name instead.
      add(startsWith(sql`lower(${c.streetNm})`, criteria.streetnm.toLowerCase()));
    } else {
      // The fragment is matched in the distinct street names (migration 0009), their customers by the btree index.
      const fragment = '%' + escapeLike(criteria.streetnm.toLowerCase()) + '%';
      add(sql`lower(${c.streetNm}) in (select name from street_names where name like ${fragment})`);
    }
  }
  if (criteria.city) add(startsWith(sql`lower(${c.city})`, criteria.city.toLowerCase()));
  if (criteria.state) add(sql`${c.state} = ${criteria.state.toUpperCase()}`);
  if (criteria.zip) {
    const zip = criteria.zip.replace(/\D/g, '');
    if (zip.length === 0) throw invalid('zip', 'must contain digits');
    add(startsWith(c.zip, zip.slice(0, 5)));
  }
  if (given === 0) throw invalid('criteria', 'enter at least one search criterion');
  return [inScope(scope, c.branchNo), ...where];
}

export const searchColumns = sql`${c.branchNo} as "Branch", ${c.customerNo} as "AccountNo", ${c.firstName} as "FirstName",
  ${c.lastName} as "LastName", ${c.address} as "Address", ${c.city} as "City", ${c.state} as "State", ${c.zip} as "Zip",
  coalesce(nullif(${c.homePhone}, ''), nullif(${c.cellPhone}, ''), ${c.workPhone}) as "Phone",
  ${c.customerType} as "CustomerType", ${c.sqldbid} as "SQLDBID", ${c.lastName} || ', ' || ${c.firstName} as "Name",
  'Inbound' as "CallOrigin"`;

/** Which page of the matches to answer, sorted and filtered as the grid asks (decision 015). */
export type SearchView = InboundSearchView;

/** A column of the matches (the `m` relation of {@link searchRowsQuery}), by its grid name. */
const column = (name: InboundGridColumn | 'SQLDBID') => sql.raw(`m."${name}"`);
/** Columns compared by their digits: what a CSR types there may carry the display's punctuation. */
const DIGIT_COLUMNS: ReadonlySet<InboundGridColumn> = new Set(['AccountNo', 'Zip', 'Phone']);
/** Text columns sort regardless of case; these hold digits or upper-case codes only. */
const SORT_AS_IS: ReadonlySet<InboundGridColumn> = new Set(['Branch', 'AccountNo', 'State', 'Zip', 'Phone']);

/** The column filters as conditions on the matches: the column contains the text, literally, in any case. */
function filterConditions(filters: SearchView['filters']): SQL[] {
  const conditions: SQL[] = [];
  for (const name of INBOUND_GRID_COLUMNS) {
    const typed = filters[name]?.trim();
    if (!typed) continue;
    if (DIGIT_COLUMNS.has(name)) {
      const digits = typed.replace(/\D/g, '');
      // Digits against digits: a zip kept as '60540-1234' or a phone kept as typed is found by what the grid shows.
      // Nothing to compare: a text without a digit matches no customer number, zip or phone.
      conditions.push(
        digits ? sql`strpos(regexp_replace(${column(name)}::text, '\\D', '', 'g'), ${digits}) > 0` : sql`false`,
      );
    } else {
      conditions.push(sql`strpos(lower(${column(name)}), lower(${typed})) > 0`);
    }
  }
  return conditions;
}

/**
 * The grid of the matches (decision 034): each column of the `m` relation, text columns sorted regardless of case
 * (the codes and digits as they are), every order ending with branch, customer number and company ascending, so
 * that pages never overlap. Capped at INBOUND_ROW_LIMIT matches, the grid pages by number (OFFSET within 500).
 */
const INBOUND_GRID = defineGrid<InboundGridColumn>({
  fields: Object.fromEntries(
    INBOUND_GRID_COLUMNS.map((name) => [
      name,
      {
        sql: column(name),
        type: name === 'AccountNo' ? 'integer' : 'text',
        caseless: !SORT_AS_IS.has(name),
      } satisfies GridField,
    ]),
  ) as Record<InboundGridColumn, GridField>,
  key: [
    { sql: column('Branch'), type: 'text' },
    { sql: column('AccountNo'), type: 'integer' },
    { sql: column('SQLDBID'), type: 'integer' },
  ],
  keyDir: 'asc',
});

/** The page's order: the chosen column, then branch, customer number and company. */
const orderOf = (view: SearchView): SQL => INBOUND_GRID.orderBy([{ field: view.sort, dir: view.dir, at: 0 }]);

/** The order of the first view (or its reverse) by what the search indexes hold: branch, customer number, company. */
function indexOrderOf(view: SearchView): SQL | null {
  if (Object.values(view.filters).some((typed) => typed?.trim())) return null;
  const dir = sql.raw(view.dir === 'desc' ? 'desc' : 'asc');
  if (view.sort === 'Branch') return sql`ids.b ${dir}, ids.a, ids.s`;
  if (view.sort === 'AccountNo') return sql`ids.a ${dir}, ids.b, ids.s`;
  return null;
}

/**
 * The rows statement. The ids of at most limit + 1 matches come first (with their branch, customer number and
 * company), from a subquery that the covering name and street indexes answer alone (migrations 0006, 0009, 0017).
 * One row answers: `matched`, the number of those ids; `rowCount`, the matches that pass the column filters; and
 * `rows`, one page of those, in the order asked. Nothing is read when `matched` is over the limit
 * (`rows` is empty and the caller counts). In the grid's first order without filters the page is chosen from the ids
 * alone and only its rows are read; any other order or a filter reads the columns of every match first. Either way
 * PostgreSQL aggregates only the page, in one answer row (bench/README.md, decision 015).
 */
export function searchRowsQuery(where: SQL[], view: SearchView = INBOUND_FIRST_VIEW, limit = INBOUND_ROW_LIMIT): SQL {
  const order = orderOf(view);
  const page = sql`limit ${view.pageSize} offset ${(view.page - 1) * view.pageSize}`;
  const ids = sql`with ids as materialized (
      select ${c.customerId} as id, ${c.branchNo} as b, ${c.customerNo} as a, ${c.sqldbid} as s
      from ${c} where ${sql.join(where, sql` and `)} limit ${limit + 1}),
    n as (select count(*)::int as matched from ids)`;
  const indexOrder = indexOrderOf(view);
  if (indexOrder) {
    return sql`${ids},
      p as (select ids.id from ids where (select matched from n) <= ${limit} order by ${indexOrder} ${page})
    select n.matched, case when n.matched <= ${limit} then n.matched else 0 end as "rowCount", (
      select coalesce(json_agg(m order by ${order}), '[]') from (
        select ${searchColumns} from ${c} where ${c.customerId} in (select id from p)
      ) m) as rows
    from n`;
  }
  const filters = filterConditions(view.filters);
  return sql`${ids},
    f as materialized (
      select m.* from (select ${searchColumns} from ${c}
        where (select matched from n) <= ${limit} and ${c.customerId} in (select id from ids)) m
      ${filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``})
    select n.matched, (select count(*)::int from f) as "rowCount", (
      select coalesce(json_agg(m order by ${order}), '[]') from (
        select * from f m order by ${order} ${page}
      ) m) as rows
    from n`;
}

/** The answer row of {@link searchRowsQuery}. */
export interface SearchRowsResult {
  matched: number;
  rowCount: number;
  /** The page's rows (json, which the driver reads into objects), none when over the limit. */
  rows: InboundRow[];
}

/** The criteria a search can name (the contract's), to tell a surname-only search. */
const CRITERIA_KEYS = Object.keys(InboundCriteria.shape) as (keyof Criteria)[];

/**
 * How many customers a search over the row limit matches. A surname alone (or with a branch) is counted from the
 * kept surname counts (migration 0016): the sum over the (branch, surname) pairs of the prefix, a few dozen rows,
 * where counting a common prefix's customers in the name index read tens of thousands of entries. Any other search
 * counts its rows.
 */
export function searchCountQuery(where: SQL[], criteria?: Criteria, scope?: Scope): SQL {
  const given = criteria ? CRITERIA_KEYS.filter((key) => Boolean(criteria[key])) : [];
  if (criteria?.lastname && scope && given.every((key) => key === 'lastname' || key === 'branchno')) {
    const branch = sql.raw('s.branchno');
    return sql`select coalesce(sum(s.n), 0)::int as total from surname_counts s
      where ${startsWith(sql.raw('s.last_name'), criteria.lastname.toLowerCase())} and ${inScope(scope, branch)}
      ${criteria.branchno ? sql`and s.branchno = ${criteria.branchno.toUpperCase()}` : sql``}`;
  }
  return sql`select count(*)::int as total from ${c} where ${sql.join(where, sql` and `)}`;
}

/**
 * Ordered by the address index's own operator (`~<~`, text_pattern_ops: byte order of the lower-cased address), so
 * the index both finds the prefix and hands the rows over in order, and the scan stops at the limit. Ordered by the
 * column's collation instead, PostgreSQL read every address of the prefix and sorted them: a CSR's first keystroke
 * ('1', a tenth of all addresses) took 1.3 s and spilled its sort to disk on 1,000,000 customers; now under 1 ms
 * (decision 053).
 */
const autocompleteStatement = statementFamily((shape: { scope: ScopeShape; bounded: boolean }) => {
  const address = sql`lower(${c.fullAddress})`;
  const statement = sql`
    select distinct on (${address}) ${c.fullAddress} as fulladdress,
           ${c.streetNo} as streetno, ${c.streetNm} as streetnm, ${c.city} as city,
           ${c.state} as state, ${c.zip} as zip
    from ${c}
    where ${startsWithHoles(address, shape.bounded)} and ${scopeHole(shape.scope, c.branchNo)}
    order by ${address} using ~<~
    limit ${sql.placeholder('limit')}`;
  return statement;
});

/**
 * How the autocomplete is planned (prepared.ts, `planned`). For a scope that reads all customers the one plan is the
 * index scan, whatever is typed: planned once. A narrower scope is left to PostgreSQL's own choice, which plans with
 * the values while that looks better (a few branches' rows may be found another way) and keeps one plan only once
 * its estimate is no worse.
 */
export const autocompletePlan = (scope: Scope): Plan => (scopeShape(scope) === 'all' ? 'once' : 'auto');

/** The address autocomplete statement: addresses in scope starting with the input, one per address. */
export function autocompleteQuery(scope: Scope, input: string, limit: number): SQL {
  const typed = input.toLowerCase().replace(/\s+/g, ' ');
  const prefix = prefixBounds(typed);
  return autocompleteStatement(
    { scope: scopeShape(scope), bounded: prefix.bounded },
    { ...prefix.values, ...scopeValues(scope), limit },
  );
}
