/** The customer of a call: read, look up, do-not-call and autopay (edits: customer-edits.ts). */
import { franchiseBranches, mainBranchFirst } from '../../db/main-branch.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { formatPhone, phoneDigits, type Scope } from '@cc/domain';
import type { Customer } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { startsWith } from '../../db/sql.js';
import { customerInfoEdits, customers, franchises, outboundCalls, webLeads } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { badRequest, notFound } from '../../http/errors.js';

type Row = typeof customers.$inferSelect;

export function toCustomer(row: Row, customerInfoEditId: number | null = null): Customer {
  return {
    sqldbid: row.sqldbid,
    customerNo: row.customerNo,
    customerType: row.customerType,
    status: row.status,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    streetNo: row.streetNo,
    preDir: row.preDir,
    streetNm: row.streetNm,
    suffix: row.suffix,
    postDir: row.postDir,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    lawnSize: Number(row.lawnSize),
    homePhone: formatPhone(row.homePhone),
    workPhone: formatPhone(row.workPhone),
    cellPhone: formatPhone(row.cellPhone),
    branchno: row.branchNo,
    customerInfoEditId,
    latitude: row.latitude,
    longitude: row.longitude,
    isAutoPayEnabled: row.autoPayEnabled,
    version: row.version,
  };
}

/** A franchise (sqldbid) the user may work for: its main branch in scope, or 404. */
export async function franchiseInScope(db: DbOrTx, scope: Scope, sqldbid: number) {
  const [branch] = await db
    .select({ branchNo: franchises.branchNo, compName: franchises.compName, timeZone: franchises.timeZone })
    .from(franchises)
    .where(franchiseBranches(sqldbid, scope))
    .orderBy(...mainBranchFirst)
    .limit(1);
  if (!branch) throw notFound('Franchise not found.');
  return branch;
}

export async function customerRow(
  db: DbOrTx,
  scope: Scope,
  sqldbid: number,
  customerNo: number,
): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(eq(customers.sqldbid, sqldbid), eq(customers.customerNo, customerNo), inScope(scope, customers.branchNo)),
    );
  return row;
}

/** A new prospect: lawn size 0.17, zip 'N/A', empty street parts. */
export async function newProspect(db: DbOrTx, scope: Scope, sqldbid: number): Promise<Customer> {
  const branch = await franchiseInScope(db, scope, sqldbid);
  return {
    sqldbid,
    customerNo: 0,
    customerType: 'Prospect',
    status: 'Prospect',
    email: '',
    firstName: '',
    lastName: '',
    streetNo: '',
    preDir: '',
    streetNm: '',
    suffix: '',
    postDir: '',
    address: '',
    city: '',
    state: '',
    zip: 'N/A',
    lawnSize: 0.17,
    homePhone: '',
    workPhone: '',
    cellPhone: '',
    branchno: branch.branchNo,
    customerInfoEditId: null,
    latitude: null,
    longitude: null,
    isAutoPayEnabled: false,
    version: 0,
  };
}

export async function getCustomer(
  ctx: AppContext,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
  inbound: boolean,
): Promise<Customer> {
  if (customerNo === 0) return newProspect(ctx.db, user.scope, sqldbid);
  const row = customerNo > 0 ? await customerRow(ctx.db, user.scope, sqldbid, customerNo) : undefined;
  if (!row) throw notFound(inbound ? 'Inbound Customer Not Found.' : 'Customer Not Found.');
  // The caller's own latest edit not yet linked to a call: the end of this call links it (and the caller's
  // earlier ones, linkInfoEdit). Another CSR's edit is theirs to link; offering it made this call's end fail.
  const [edit] = await ctx.db
    .select({ id: customerInfoEdits.customerInfoEditId })
    .from(customerInfoEdits)
    .where(
      and(
        eq(customerInfoEdits.sqldbid, sqldbid),
        eq(customerInfoEdits.customerNo, customerNo),
        eq(customerInfoEdits.userId, user.userId),
        sql`${customerInfoEdits.callHistoryId} is null`,
      ),
    )
    .orderBy(sql`${customerInfoEdits.customerInfoEditId} desc`)
    .limit(1);
  return toCustomer(row, edit?.id ?? null);
}

export async function lookupCustomers(
  ctx: AppContext,
  user: AuthUser,
  input: {
    sqldbid: number;
    lastname: string;
    firstname: string;
    phone: string;
    address: string;
    page: number;
    pageSize: number;
  },
) {
  await franchiseInScope(ctx.db, user.scope, input.sqldbid);
  const where = [eq(customers.sqldbid, input.sqldbid), inScope(user.scope, customers.branchNo)];
  const lower = (v: string) => v.toLowerCase();
  if (input.lastname) where.push(startsWith(sql`lower(${customers.lastName})`, lower(input.lastname)));
  if (input.firstname) where.push(startsWith(sql`lower(${customers.firstName})`, lower(input.firstname)));
  if (input.address) where.push(startsWith(sql`lower(${customers.fullAddress})`, lower(input.address)));
  if (input.phone) {
    const d = phoneDigits(input.phone);
    where.push(
      sql`(${startsWith(customers.homePhone, d)} or ${startsWith(customers.cellPhone, d)} or ${startsWith(customers.workPhone, d)})`,
    );
  }
  if (where.length === 2) throw badRequest('lastname', 'enter a name, phone or address to look up');
  const [rows, count] = await Promise.all([
    ctx.db
      .select()
      .from(customers)
      .where(and(...where))
      .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.customerNo))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(and(...where)),
  ]);
  return {
    data: rows.map((r) => ({
      customerNo: r.customerNo,
      firstName: r.firstName,
      lastName: r.lastName,
      address: r.address,
      city: r.city,
      zip: r.zip,
      phone: formatPhone(r.homePhone || r.cellPhone || r.workPhone),
      customerType: r.customerType,
      branchno: r.branchNo,
    })),
    total: count[0]?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

export async function doNotCallStatus(ctx: AppContext, user: AuthUser, sqldbid: number, customerNo: number) {
  const row = await customerRow(ctx.db, user.scope, sqldbid, customerNo);
  if (!row) throw notFound('Customer Not Found.');
  return { IsOnFederalDoNotCallList: row.federalDoNotCall };
}

/** Give a web lead (by its contact id) the customer number the CSR found for it. */
export async function setWebLeadCustomer(
  ctx: AppContext,
  user: AuthUser,
  sqldbid: number,
  customerNumber: number,
  contactId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await customerRow(tx, user.scope, sqldbid, customerNumber);
    if (!row) throw badRequest('customerNumber', 'no customer with this number in your scope');
    const updated = await tx
      .update(webLeads)
      .set({ customerNo: customerNumber })
      .where(
        and(eq(webLeads.sqldbid, sqldbid), eq(webLeads.contactId, contactId), inScope(user.scope, webLeads.branchNo)),
      )
      .returning({ id: webLeads.webLeadId });
    if (updated.length === 0) throw notFound('Web lead not found.');
    await tx
      .update(outboundCalls)
      .set({ custNo: customerNumber })
      .where(
        sql`${outboundCalls.webLeadCallId} in (${sql.join(
          updated.map((u) => sql`${u.id}`),
          sql`, `,
        )})`,
      );
  });
}

export async function autoPay(ctx: AppContext, user: AuthUser, sqldbid: number, customerNo: number) {
  const [franchise] = await ctx.db
    .select({ enrolled: franchises.autoPayEnrolled })
    .from(franchises)
    .where(and(eq(franchises.sqldbid, sqldbid), inScope(user.scope, franchises.branchNo)))
    .limit(1);
  if (!franchise) throw notFound('Franchise not found.');
  // A new prospect (0) has no autopay; any other customer must be one the user may see.
  const row = customerNo > 0 ? await customerRow(ctx.db, user.scope, sqldbid, customerNo) : undefined;
  if (customerNo > 0 && !row) throw notFound('Customer Not Found.');
  return { isFranchiseAutoPayEnrolled: franchise.enrolled, isCustomerAutoPayEnabled: row?.autoPayEnabled ?? false };
}
