/**
 * Test support for the inbound API tests: sessions for the demo users, the search calls, and an
 * oracle of what each user may see written from the spec (call-handling.md §6), independent of
 * the domain scope code under test.
 */
import { expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { INBOUND_ROW_LIMIT, type InboundRow, type InboundSearchResponse } from '@cc/contract';
import { phoneDigits } from '@cc/domain';
import type { LightMyRequestResponse } from 'fastify';
import { rowsOf } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import type { TestApp } from '../../test/harness.js';

export const USERS = ['admin', 'csr.corporate', 'csr.cof', 'csr.franchise', 'csr.external'] as const;
export type UserName = (typeof USERS)[number];

export const ENDPOINTS = {
  general: 'SearchCustomers',
  cof: 'SearchcofCustomers',
  ind: 'SearchindCustomers',
} as const;
export type Endpoint = keyof typeof ENDPOINTS;
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as Endpoint[];

/** The branches of csr.franchise (company 3) in the seed. */
export const FRANCHISE_USER_BRANCHES = ['SG101', 'SG102'];

export interface Branch {
  branchNo: string;
  designation: 'IND' | 'COF';
}

/**
 * Who sees a branch through which endpoint (call-handling.md §6): a corporate admin everything
 * (narrowed to a designation by the cof/ind endpoints), a corporate non-admin the independent
 * franchises, a company-owned user the company-owned ones, an independent-franchise user only
 * their own branches, an external user the general search. A variant endpoint never widens a scope.
 */
export function visible(user: UserName, endpoint: Endpoint, branch: Branch): boolean {
  const cof = branch.designation === 'COF';
  const ind = branch.designation === 'IND';
  switch (user) {
    case 'admin':
    case 'csr.external':
      return endpoint === 'general' ? true : endpoint === 'cof' ? cof : ind;
    case 'csr.corporate':
      return endpoint === 'cof' ? false : ind;
    case 'csr.cof':
      return endpoint === 'ind' ? false : cof;
    case 'csr.franchise':
      // Their own branches, and through a variant only those of its designation (theirs are IND).
      return FRANCHISE_USER_BRANCHES.includes(branch.branchNo) && endpoint !== 'cof';
  }
}

export interface SearchResult {
  status: number;
  body: InboundSearchResponse;
  response: LightMyRequestResponse;
}

/** A customer as the oracle needs it. */
export interface CustomerRecord {
  sqldbid: number;
  customerNo: number;
  branchNo: string;
  firstName: string;
  lastName: string;
  email: string;
  homePhone: string;
  workPhone: string;
  cellPhone: string;
  streetNo: string;
  streetNm: string;
  city: string;
  state: string;
  zip: string;
  fullAddress: string;
  address: string;
}

export type Criteria = Partial<
  Record<
    | 'firstname'
    | 'lastname'
    | 'phone'
    | 'email'
    | 'cust_no'
    | 'branchno'
    | 'streetno'
    | 'streetnm'
    | 'city'
    | 'state'
    | 'zip'
    | 'fulladdress',
    string
  >
>;

const startsWithCi = (value: string, prefix: string) => value.toLowerCase().startsWith(prefix.toLowerCase());

/** Does a customer meet the criteria, as the spec reads them (every given criterion must hold)? */
export function meets(c: CustomerRecord, k: Criteria): boolean {
  const given = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';
  const checks: boolean[] = [];
  if (given(k.firstname)) checks.push(startsWithCi(c.firstName, k.firstname.trim()));
  if (given(k.lastname)) checks.push(startsWithCi(c.lastName, k.lastname.trim()));
  if (given(k.phone)) {
    const digits = phoneDigits(k.phone);
    checks.push([c.homePhone, c.workPhone, c.cellPhone].some((p) => p !== '' && p.startsWith(digits)));
  }
  if (given(k.email)) checks.push(c.email !== '' && startsWithCi(c.email, k.email.trim()));
  if (given(k.cust_no)) checks.push(c.customerNo === Number(k.cust_no));
  if (given(k.branchno)) checks.push(c.branchNo === k.branchno.trim().toUpperCase());
  if (given(k.streetno)) checks.push(c.streetNo === k.streetno.trim());
  if (given(k.streetnm)) {
    const fragment = k.streetnm.trim().toLowerCase();
    const name = c.streetNm.toLowerCase();
    checks.push(fragment.length < 3 ? name.startsWith(fragment) : name.includes(fragment));
  }
  if (given(k.city)) checks.push(startsWithCi(c.city, k.city.trim()));
  if (given(k.state)) checks.push(c.state === k.state.trim().toUpperCase());
  if (given(k.zip)) checks.push(c.zip.startsWith(k.zip.replace(/\D/g, '').slice(0, 5)));
  if (given(k.fulladdress)) checks.push(startsWithCi(c.fullAddress, k.fulladdress.trim()));
  return checks.length > 0 && checks.every(Boolean);
}

export const keyOf = (r: { SQLDBID: number; AccountNo: number }) => `${r.SQLDBID}/${r.AccountNo}`;
export const customerKey = (c: { sqldbid: number; customerNo: number }) => `${c.sqldbid}/${c.customerNo}`;

/** Sorted as the result grid wants: Branch, then AccountNo. */
export function isSortedByBranchThenAccount(rows: readonly InboundRow[]): boolean {
  return rows.every((row, i) => {
    const prev = rows[i - 1];
    if (!prev) return true;
    return prev.Branch < row.Branch || (prev.Branch === row.Branch && prev.AccountNo < row.AccountNo);
  });
}

export const keysOf = (rows: readonly InboundRow[]) => rows.map(keyOf).sort();

export class InboundClient {
  private readonly tokens = new Map<string, string>();
  /** Every customer as the oracle last read them; read again after a test adds some. */
  private customers: CustomerRecord[] | undefined;
  constructor(readonly t: TestApp) {}

  /** Add a customer (insertCustomer); the oracle reads the customers again. */
  addCustomer(values: Parameters<typeof insertCustomer>[1]): ReturnType<typeof insertCustomer> {
    this.customers = undefined;
    return insertCustomer(this.t, values);
  }

  /** Customers were added behind the oracle's back (in SQL): read them again. */
  forgetCustomers(): void {
    this.customers = undefined;
  }

  /** The customers the oracle says match, for an admin (who sees all), as sorted keys. */
  async expectedKeys(criteria: Criteria): Promise<string[]> {
    this.customers ??= await this.allCustomers();
    return this.customers
      .filter((c) => meets(c, criteria))
      .map(customerKey)
      .sort();
  }

  /** Search as `user` and check the answer is exactly what the oracle expects (and at most the limit). */
  async expectExact(criteria: Criteria, user: UserName = 'admin'): Promise<InboundRow[]> {
    const expected = await this.expectedKeys(criteria);
    expect(expected.length).toBeLessThanOrEqual(INBOUND_ROW_LIMIT);
    const body = await this.rows(user, criteria);
    expect(body.overLimit).toBe(false);
    expect(body.total).toBe(expected.length);
    expect(keysOf(body.rows)).toEqual(expected);
    return body.rows;
  }

  /** Sign in every demo user the inbound tests use, once. */
  async signinAll(): Promise<void> {
    for (const user of USERS) this.tokens.set(user, await this.t.signin(user));
  }

  token(user: UserName): string {
    const token = this.tokens.get(user);
    if (!token) throw new Error(`no session for ${user}`);
    return token;
  }

  async search(user: UserName | null, body: unknown, endpoint: Endpoint = 'general'): Promise<SearchResult> {
    const response = await this.t.call(user ? this.token(user) : undefined, {
      method: 'POST',
      url: `/api/InboundCall/${ENDPOINTS[endpoint]}`,
      payload: body as object,
    });
    return { status: response.statusCode, body: response.json<InboundSearchResponse>(), response };
  }

  /**
   * A search that must succeed: its body. Unless the body names a page size, every match comes in one page (the
   * page size is the row limit), so that a test of the criteria sees all the rows they match.
   */
  async rows(
    user: UserName,
    body: Criteria | Record<string, unknown>,
    endpoint: Endpoint = 'general',
  ): Promise<InboundSearchResponse> {
    const {
      status,
      response,
      body: result,
    } = await this.search(user, { pageSize: INBOUND_ROW_LIMIT, ...body }, endpoint);
    if (status !== 200) throw new Error(`search ${JSON.stringify(body)} as ${user}: ${status} ${response.body}`);
    return result;
  }

  post(user: UserName | null, path: string, body: unknown): Promise<LightMyRequestResponse> {
    return this.t.call(user ? this.token(user) : undefined, {
      method: 'POST',
      url: `/api/inbound/${path}`,
      payload: body as object,
    });
  }

  async query<T>(statement: SQL): Promise<T[]> {
    return rowsOf<T>(await this.t.db.execute(statement));
  }

  /** Every branch with its designation, from the franchises table. */
  async branches(): Promise<Map<string, Branch>> {
    const rows = await this.query<{ branchno: string; designation: 'IND' | 'COF' }>(
      sql`select branchno, designation from franchises`,
    );
    return new Map(rows.map((r) => [r.branchno, { branchNo: r.branchno, designation: r.designation }]));
  }

  /** Every customer, for the oracle. */
  allCustomers(): Promise<CustomerRecord[]> {
    return this.t.db
      .select({
        sqldbid: customers.sqldbid,
        customerNo: customers.customerNo,
        branchNo: customers.branchNo,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        homePhone: customers.homePhone,
        workPhone: customers.workPhone,
        cellPhone: customers.cellPhone,
        streetNo: customers.streetNo,
        streetNm: customers.streetNm,
        city: customers.city,
        state: customers.state,
        zip: customers.zip,
        fullAddress: customers.fullAddress,
        address: customers.address,
      })
      .from(customers);
  }

  /** A fingerprint of the customers table, to show a request changed nothing. */
  async fingerprint(): Promise<{ n: number; h: string }> {
    const [row] = await this.query<{ n: number; h: string }>(
      sql`select count(*)::int as n, md5(coalesce(string_agg(concat_ws('|', customer_id, sqldbid, customer_no, branchno,
            first_name, last_name, email, full_address, home_phone, updated_at), ',' order by customer_id), '')) as h
          from customers`,
    );
    if (!row) throw new Error('no fingerprint');
    return row;
  }
}

/** Insert a customer with sensible defaults (the story branch SG101 unless told). */
let nextCustomerNo = 900_000;
export async function insertCustomer(
  t: TestApp,
  values: Partial<typeof customers.$inferInsert> & { lastName: string },
): Promise<typeof customers.$inferInsert> {
  const row = {
    sqldbid: 18001,
    customerNo: nextCustomerNo++,
    branchNo: 'SG101',
    customerType: 'Prospect',
    status: 'Prospect',
    firstName: 'Test',
    city: 'Naperville',
    state: 'IL',
    zip: '60540',
    ...values,
  };
  await t.db.insert(customers).values(row);
  return row;
}
