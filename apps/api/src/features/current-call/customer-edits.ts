/**
 * Changes to a customer (call-handling.md §3): edits of a stored customer, each recorded as a customer info edit,
 * made only by the user holding the customer's call and only on the version the edit was made on
 * (docs/decisions/021-orders-and-call-writes.md); autopay turned off, recorded alike; the customer of a call with no
 * stored record (a prospect), recorded with the call; and the link of edits to the call they belong to.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  buildFullAddress,
  buildStreetAddress,
  CUSTOMER_CHANGED_MESSAGE,
  isNorthAmericanPhone,
  phoneDigits,
} from '@cc/domain';
import type { Customer, CustomerUpdateRequest, EndCallCustomer } from '@cc/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { callHistory, customerInfoEdits, customers } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { AppError, notFound } from '../../http/errors.js';
import { autoPay, toCustomer } from './customer.js';
import { requireCallHeld } from './held.js';

type Row = typeof customers.$inferSelect;

/** Phones are normalised as North American digits; a value that is not one is kept as typed. */
function storedPhone(value: string): string {
  return isNorthAmericanPhone(value)
    ? phoneDigits(value.replace(/\s*(x|ext\.?|extension)\s*\d+\s*$/i, ''))
    : value.trim();
}

/**
 * Edit a stored customer: only the user holding the customer's call (409 otherwise), and only on the version the
 * edit was made on (409 CUSTOMER_CHANGED_MESSAGE when another user changed the customer since); every edit is
 * recorded as a customer info edit and raises the version. Nothing is written when refused.
 */
export async function updateCustomer(
  ctx: AppContext,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
  input: z.output<typeof CustomerUpdateRequest>,
): Promise<{ customer: Customer; customerInfoEditId: number }> {
  return ctx.db.transaction(async (tx) => {
    const before = await editableCustomer(ctx, tx, user, sqldbid, customerNo);
    if (input.version !== before.version) throw new AppError('CONFLICT', CUSTOMER_CHANGED_MESSAGE);
    const next = { ...before };
    for (const [key, value] of Object.entries(input) as [keyof typeof input, unknown][]) {
      if (value === undefined || key === 'version') continue;
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
    return saveEdit(ctx, tx, user, before, {
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
    });
  });
}

/**
 * The stored customer in scope (else 404), locked for the rest of the transaction, if the user holds its call
 * (else 409, requireCallHeld).
 */
async function editableCustomer(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
): Promise<Row> {
  const [row] = await tx
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
  if (!row) throw notFound('Customer Not Found.');
  await requireCallHeld(ctx, tx, user, sqldbid, customerNo);
  return row;
}

/** Write a change of a customer with its next version, and record it as a customer info edit (before and after). */
async function saveEdit(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  before: Row,
  change: Partial<typeof customers.$inferInsert>,
): Promise<{ customer: Customer; customerInfoEditId: number }> {
  const now = ctx.now();
  const [saved] = await tx
    .update(customers)
    .set({ ...change, updatedAt: now, version: before.version + 1 })
    .where(eq(customers.customerId, before.customerId))
    .returning();
  if (!saved) throw new AppError('INTERNAL', 'The customer could not be saved.');
  const [edit] = await tx
    .insert(customerInfoEdits)
    .values({
      sqldbid: before.sqldbid,
      customerNo: before.customerNo,
      userId: user.userId,
      before: toCustomer(before),
      after: toCustomer(saved),
      createdAt: now,
    })
    .returning({ id: customerInfoEdits.customerInfoEditId });
  if (!edit) throw new AppError('INTERNAL', 'The edit could not be recorded.');
  return { customer: toCustomer(saved, edit.id), customerInfoEditId: edit.id };
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
    version: 0,
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

/**
 * Turn the customer's autopay off: an edit like any other — only by the user holding the call, recorded as a
 * customer info edit, the version raised. Already off: nothing to change or record.
 */
export async function disableAutoPay(ctx: AppContext, user: AuthUser, sqldbid: number, customerNo: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await editableCustomer(ctx, tx, user, sqldbid, customerNo);
    if (before.autoPayEnabled) await saveEdit(ctx, tx, user, before, { autoPayEnabled: false });
  });
  return autoPay(ctx, user, sqldbid, customerNo);
}
