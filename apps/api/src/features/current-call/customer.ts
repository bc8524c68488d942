/** The customer of a call: read, edit (every edit recorded), look up, do-not-call and autopay. */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  buildFullAddress,
  buildStreetAddress,
  formatPhone,
  isNorthAmericanPhone,
  phoneDigits,
  type Scope,
} from '@cc/domain';
import type { Customer, CustomerUpdateRequest, EndCallCustomer } from '@cc/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { startsWith } from '../../db/sql.js';
import {
  callHistory,
  customerInfoEdits,
  customers,
  franchises,
  outboundCalls,
  webLeads,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';

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
  };
}

/** A franchise (sqldbid) the user may work for: its main branch in scope, or 404. */
export async function franchiseInScope(db: DbOrTx, scope: Scope, sqldbid: number) {
  const [branch] = await db
    .select({ branchNo: franchises.branchNo, compName: franchises.compName, timeZone: franchises.timeZone })
    .from(franchises)
    .where(and(eq(franchises.sqldbid, sqldbid), inScope(scope, franchises.branchNo)))
    .orderBy(sql`${franchises.defComp} desc`, asc(franchises.branchNo))
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

/** Phones are normalised as North American digits; a value that is not one is kept as typed. */
function storedPhone(value: string): string {
  return isNorthAmericanPhone(value)
    ? phoneDigits(value.replace(/\s*(x|ext\.?|extension)\s*\d+\s*$/i, ''))
    : value.trim();
}

export async function updateCustomer(
  ctx: AppContext,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
  input: z.output<typeof CustomerUpdateRequest>,
): Promise<{ customer: Customer; customerInfoEditId: number }> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.sqldbid, sqldbid),
          eq(customers.customerNo, customerNo),
          inScope(user.scope, customers.branchNo),
        ),
      )
      .for('update');
    if (!before) throw notFound('Customer Not Found.');
    const next = { ...before };
    for (const [key, value] of Object.entries(input) as [keyof typeof input, unknown][]) {
      if (value === undefined) continue;
      switch (key) {
        case 'homePhone':
        case 'workPhone':
        case 'cellPhone':
          next[key] = storedPhone(value as string);
          break;
        case 'lawnSize':
          next.lawnSize = (value as number).toFixed(2);
          break;
        case 'state':
          next.state = (value as string).toUpperCase();
          break;
        default:
          (next as Record<string, unknown>)[key] = value;
      }
    }
    next.address = buildStreetAddress(next);
    next.fullAddress = buildFullAddress(next.address, next.city, next.state, next.zip);
    next.updatedAt = ctx.now();
    const [saved] = await tx
      .update(customers)
      .set({
        customerType: next.customerType,
        email: next.email,
        firstName: next.firstName,
        lastName: next.lastName,
        streetNo: next.streetNo,
        preDir: next.preDir,
        streetNm: next.streetNm,
        suffix: next.suffix,
        postDir: next.postDir,
        address: next.address,
        city: next.city,
        state: next.state,
        zip: next.zip,
        fullAddress: next.fullAddress,
        lawnSize: next.lawnSize,
        homePhone: next.homePhone,
        workPhone: next.workPhone,
        cellPhone: next.cellPhone,
        updatedAt: next.updatedAt,
      })
      .where(eq(customers.customerId, before.customerId))
      .returning();
    if (!saved) throw new AppError('INTERNAL', 'The customer could not be saved.');
    const [edit] = await tx
      .insert(customerInfoEdits)
      .values({
        sqldbid,
        customerNo,
        userId: user.userId,
        before: toCustomer(before),
        after: toCustomer(saved),
        createdAt: ctx.now(),
      })
      .returning({ id: customerInfoEdits.customerInfoEditId });
    if (!edit) throw new AppError('INTERNAL', 'The edit could not be recorded.');
    return { customer: toCustomer(saved, edit.id), customerInfoEditId: edit.id };
  });
}

/**
 * Link a recorded edit to the call that ended after it: only the editor's own edit, only once (a retry
 * with the same call is a no-op), and only to a call of the same customer in the user's scope. The editor's
 * earlier edits of that customer not yet linked to any call are linked with it: a call may edit the customer
 * several times, and the screen sends the latest (docs/decisions/012).
 */
export async function linkInfoEdit(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  callHistoryId: number,
  db: DbOrTx = ctx.db,
): Promise<void> {
  const linked = await db
    .update(customerInfoEdits)
    .set({ callHistoryId })
    .where(
      and(
        eq(customerInfoEdits.customerInfoEditId, id),
        eq(customerInfoEdits.userId, user.userId),
        sql`(${customerInfoEdits.callHistoryId} is null or ${customerInfoEdits.callHistoryId} = ${callHistoryId})`,
        sql`exists (select 1 from ${callHistory} where ${callHistory.callId} = ${callHistoryId}
          and ${callHistory.sqldbid} = ${customerInfoEdits.sqldbid} and ${callHistory.custNo} = ${customerInfoEdits.customerNo}
          and ${inScope(user.scope, callHistory.branchNo)})`,
      ),
    )
    .returning({ sqldbid: customerInfoEdits.sqldbid, customerNo: customerInfoEdits.customerNo });
  const edit = linked[0];
  if (!edit) throw notFound('No such customer info edit of yours to link to this call.');
  await linkOpenEdits(db, user, { ...edit, callHistoryId, upTo: id });
}

/**
 * Link the user's edits of a customer that no call has yet (all of them, or those up to edit `upTo`) to a call of
 * that customer the caller has just written.
 */
export async function linkOpenEdits(
  db: DbOrTx,
  user: AuthUser,
  p: { sqldbid: number; customerNo: number; callHistoryId: number; upTo?: number },
): Promise<number> {
  const linked = await db
    .update(customerInfoEdits)
    .set({ callHistoryId: p.callHistoryId })
    .where(
      and(
        eq(customerInfoEdits.sqldbid, p.sqldbid),
        eq(customerInfoEdits.customerNo, p.customerNo),
        eq(customerInfoEdits.userId, user.userId),
        sql`${customerInfoEdits.callHistoryId} is null`,
        p.upTo === undefined ? undefined : sql`${customerInfoEdits.customerInfoEditId} < ${p.upTo}`,
      ),
    )
    .returning({ id: customerInfoEdits.customerInfoEditId });
  return linked.length;
}

/**
 * The customer of a call without a stored record — a new prospect (0) or an unknown customer (-1) — as the screen
 * sent it with the end of the call (EndCallRequest.customer): recorded as a customer info edit of that customer
 * number, linked to the call, so "every edit is recorded" holds for them too (docs/decisions/012). `before` is what
 * the server knew (the prospect defaults, or nothing for -1); phones are normalised as for a stored customer.
 * Answers the normalised customer, for the call history's email, zip and lawn size. For the end-call command.
 */
export async function recordCallCustomer(
  db: DbOrTx,
  p: {
    userId: number;
    sqldbid: number;
    customerNo: number;
    branchNo: string;
    snapshot: z.output<typeof EndCallCustomer>;
    callHistoryId: number;
    now: Date;
  },
): Promise<Customer> {
  if (p.customerNo > 0) throw new AppError('INTERNAL', 'A stored customer is edited through its own endpoint.');
  const before: Customer = {
    sqldbid: p.sqldbid,
    customerNo: p.customerNo,
    customerType: p.customerNo === 0 ? 'Prospect' : '',
    status: p.customerNo === 0 ? 'Prospect' : '',
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
    zip: p.customerNo === 0 ? 'N/A' : '',
    lawnSize: p.customerNo === 0 ? 0.17 : 0,
    homePhone: '',
    workPhone: '',
    cellPhone: '',
    branchno: p.branchNo,
    customerInfoEditId: null,
    latitude: null,
    longitude: null,
    isAutoPayEnabled: false,
  };
  const after: Customer = { ...before };
  for (const [key, value] of Object.entries(p.snapshot) as [keyof typeof p.snapshot, unknown][]) {
    if (value === undefined) continue;
    if (key === 'homePhone' || key === 'workPhone' || key === 'cellPhone') after[key] = storedPhone(value as string);
    else if (key === 'state') after.state = (value as string).toUpperCase();
    else if (key === 'lawnSize') after.lawnSize = Math.round((value as number) * 100) / 100;
    else (after as Record<string, unknown>)[key] = value;
  }
  after.address = buildStreetAddress(after);
  const [edit] = await db
    .insert(customerInfoEdits)
    .values({
      sqldbid: p.sqldbid,
      customerNo: p.customerNo,
      userId: p.userId,
      before,
      after,
      callHistoryId: p.callHistoryId,
      createdAt: p.now,
    })
    .returning({ id: customerInfoEdits.customerInfoEditId });
  return { ...after, customerInfoEditId: edit?.id ?? null };
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

export async function disableAutoPay(ctx: AppContext, user: AuthUser, sqldbid: number, customerNo: number) {
  const updated = await ctx.db
    .update(customers)
    .set({ autoPayEnabled: false, updatedAt: ctx.now() })
    .where(
      and(
        eq(customers.sqldbid, sqldbid),
        eq(customers.customerNo, customerNo),
        inScope(user.scope, customers.branchNo),
      ),
    )
    .returning({ id: customers.customerId });
  if (updated.length === 0) throw notFound('Customer Not Found.');
  return autoPay(ctx, user, sqldbid, customerNo);
}
