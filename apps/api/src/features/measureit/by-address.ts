/**
 * By-address measurements and commercial leads (decision 036): a property that is not a customer, found
 * by its address (geocoded by the screen) in a branch of the caller's scope. Getting one finds it by branch and
 * address (a commercial lead also by business name) or makes it, then opens it for edit like a customer's property.
 */
import { sql } from 'drizzle-orm';
import type { AddressMeasurement, CommercialLead } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { settleSave } from './save-rules.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { branchInScope } from '../../db/main-branch.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import {
  ADDRESS,
  checkSaveAllowed,
  COMMERCIAL,
  measurementFields,
  openForEdit,
  readInScope,
  release,
  writeSave,
  type EditState,
  type Measurable,
  type MeasurementSave,
  type Row,
} from './measurable.js';
import { householdOf } from './properties.js';

export interface AddressInput {
  branchNo: string;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  confirm: boolean;
}

async function requireBranch(db: DbOrTx, user: AuthUser, branchNo: string): Promise<void> {
  if (!(await branchInScope(db, user.scope, branchNo))) throw notFound('Branch Not Found.');
}

const toAddressMeasurement = (ctx: AppContext, row: Row): AddressMeasurement => ({
  addressMeasurementId: Number(row.address_measurement_id),
  branchNo: String(row.branchno),
  ...measurementFields(ctx, row),
});

const toLead = (ctx: AppContext, row: Row): CommercialLead => ({
  commercialLeadId: Number(row.commercial_lead_id),
  branchNo: String(row.branchno),
  businessName: String(row.business_name),
  contactName: String(row.contact_name),
  contactPhone: String(row.contact_phone),
  contactEmail: String(row.contact_email),
  notes: String(row.notes),
  ...measurementFields(ctx, row),
});

export async function getAddressMeasurement(
  ctx: AppContext,
  user: AuthUser,
  input: AddressInput,
): Promise<{ measurement: AddressMeasurement } & EditState> {
  return ctx.db.transaction(async (tx) => {
    await requireBranch(tx, user, input.branchNo);
    await tx.execute(sql`insert into address_measurements (branchno, street_address, city, state, zip, latitude, longitude)
      values (${input.branchNo}, ${input.streetAddress}, ${input.city}, ${input.state}, ${input.zip}, ${input.latitude},
        ${input.longitude})
      on conflict (branchno, lower(street_address), zip) do nothing`);
    const [found] = rowsOf<{ id: number }>(
      await tx.execute(sql`select address_measurement_id as id from address_measurements
        where branchno = ${input.branchNo} and lower(street_address) = lower(${input.streetAddress}) and zip = ${input.zip}`),
    );
    if (!found) throw notFound('Address measurement Not Found.');
    const id = Number(found.id);
    const { state } = await openForEdit(ctx, tx, ADDRESS, user, id, input.confirm);
    return { measurement: toAddressMeasurement(ctx, await readInScope(tx, ADDRESS, user, id)), ...state };
  });
}

export async function getCommercialLead(
  ctx: AppContext,
  user: AuthUser,
  input: AddressInput & { businessName: string },
): Promise<{ lead: CommercialLead } & EditState> {
  return ctx.db.transaction(async (tx) => {
    await requireBranch(tx, user, input.branchNo);
    await tx.execute(sql`insert into commercial_leads (branchno, business_name, street_address, city, state, zip,
        latitude, longitude)
      values (${input.branchNo}, ${input.businessName}, ${input.streetAddress}, ${input.city}, ${input.state},
        ${input.zip}, ${input.latitude}, ${input.longitude})
      on conflict (branchno, lower(business_name), lower(street_address), zip) do nothing`);
    const [found] = rowsOf<{ id: number }>(
      await tx.execute(sql`select commercial_lead_id as id from commercial_leads
        where branchno = ${input.branchNo} and lower(business_name) = lower(${input.businessName})
          and lower(street_address) = lower(${input.streetAddress}) and zip = ${input.zip}`),
    );
    if (!found) throw notFound('Commercial lead Not Found.');
    const id = Number(found.id);
    const { state } = await openForEdit(ctx, tx, COMMERCIAL, user, id, input.confirm);
    return { lead: toLead(ctx, await readInScope(tx, COMMERCIAL, user, id)), ...state };
  });
}

/** Save on a by-address measurement or a commercial lead; a retry with the last save's requestId is answered as is. */
async function complete(
  ctx: AppContext,
  user: AuthUser,
  m: Measurable,
  id: number,
  sent: MeasurementSave,
  extra = sql``,
): Promise<Row> {
  const input = settleSave(ctx, sent);
  return ctx.db.transaction(async (tx) => {
    const row = await readInScope(tx, m, user, id, { forUpdate: true });
    if (row.last_request_id === input.requestId) return row;
    await checkSaveAllowed(ctx, tx, row, user, input);
    await writeSave(ctx, tx, m, user, id, input, sql`, last_request_id = ${input.requestId} ${extra}`);
    return readInScope(tx, m, user, id);
  });
}

export async function completeAddressMeasurement(
  ctx: AppContext,
  user: AuthUser,
  input: MeasurementSave & { addressMeasurementId: number },
) {
  return {
    measurement: toAddressMeasurement(ctx, await complete(ctx, user, ADDRESS, input.addressMeasurementId, input)),
  };
}

export async function completeCommercialLead(
  ctx: AppContext,
  user: AuthUser,
  input: MeasurementSave & {
    commercialLeadId: number;
    contactName: string;
    contactPhone: string;
    contactEmail: string;
    notes: string;
  },
) {
  const contact = sql`, contact_name = ${input.contactName}, contact_phone = ${input.contactPhone},
    contact_email = ${input.contactEmail}, notes = ${input.notes}`;
  return { lead: toLead(ctx, await complete(ctx, user, COMMERCIAL, input.commercialLeadId, input, contact)) };
}

export async function cancel(ctx: AppContext, user: AuthUser, m: Measurable, id: number) {
  return { released: await release(ctx.db, m, user, id) };
}

export async function commercialMeasurement(ctx: AppContext, user: AuthUser, commercialLeadId: number) {
  return householdOf(ctx, await readInScope(ctx.db, COMMERCIAL, user, commercialLeadId));
}
