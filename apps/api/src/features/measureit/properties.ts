/**
 * A customer's (or a neighbour's) property: get for edit, complete, cancel, its previous measurements, and the
 * household measurement the call screen reads (decision 036). Saving a size sets the customer's lawn size
 * in thousands of square feet, the unit pricing reads.
 */
import { sql } from 'drizzle-orm';
import { MEASURED_THRESHOLD_SQFT, type MeasuredProperty, type MultiPolygon } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { settleSave } from './save-rules.js';
import { jsonColumn, rowsOf, type DbOrTx } from '../../db/client.js';
import { userName } from '../../db/sql.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, notFound } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import {
  checkSaveAllowed,
  measurementFields,
  openForEdit,
  PROPERTY,
  isNil,
  readInScope,
  release,
  writeSave,
  type EditState,
  type MeasurementSave,
  type Row,
} from './measurable.js';

/** The customer's name beside a property row (a neighbour has none). */
const NAMES = sql`, coalesce((select c.first_name from customers c where c.sqldbid = x.sqldbid and c.customer_no = x.customer_no), '') as first_name,
  coalesce((select c.last_name from customers c where c.sqldbid = x.sqldbid and c.customer_no = x.customer_no), '') as last_name`;

function toProperty(ctx: AppContext, row: Row): MeasuredProperty {
  return {
    propertyId: Number(row.property_id),
    sqldbid: Number(row.sqldbid),
    branchNo: String(row.branchno),
    customerNo: isNil(row.customer_no) ? null : Number(row.customer_no),
    isNeighbor: Boolean(row.is_neighbor),
    firstName: typeof row.first_name === 'string' ? row.first_name : '',
    lastName: typeof row.last_name === 'string' ? row.last_name : '',
    ...measurementFields(ctx, row),
  };
}

const readProperty = (db: DbOrTx, user: AuthUser, id: number, forUpdate = false) =>
  readInScope(db, PROPERTY, user, id, { extra: NAMES, forUpdate });

/**
 * The property of a customer in the caller's scope (404 'Customer Not Found.' otherwise), made from the customer's
 * address and location the first time it is asked for.
 */
async function customerProperty(db: DbOrTx, user: AuthUser, sqldbid: number, customerNo: number): Promise<number> {
  const [customer] = rowsOf<{ found: boolean }>(
    await db.execute(sql`select true as found from customers
      where sqldbid = ${sqldbid} and customer_no = ${customerNo} and ${inScope(user.scope, sql`branchno`)}`),
  );
  if (!customer) throw notFound('Customer Not Found.');
  await db.execute(sql`insert into measured_properties (sqldbid, branchno, customer_no, street_address, city, state,
      zip, latitude, longitude)
    select c.sqldbid, c.branchno, c.customer_no, c.address, c.city, c.state, c.zip,
      coalesce(c.latitude, (select avg(p.latitude) from measured_properties p where p.branchno = c.branchno), 0),
      coalesce(c.longitude, (select avg(p.longitude) from measured_properties p where p.branchno = c.branchno), 0)
    from customers c where c.sqldbid = ${sqldbid} and c.customer_no = ${customerNo}
    on conflict (sqldbid, customer_no) where customer_no is not null do nothing`);
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select property_id::int as id from measured_properties
      where sqldbid = ${sqldbid} and customer_no = ${customerNo}`),
  );
  if (!row) throw notFound('Customer Not Found.');
  return Number(row.id);
}

export async function getProperty(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; customerNo?: number | undefined; propertyId?: number | undefined; confirm: boolean },
): Promise<{ property: MeasuredProperty } & EditState> {
  return ctx.db.transaction(async (tx) => {
    let id: number;
    if (input.customerNo !== undefined) {
      id = await customerProperty(tx, user, input.sqldbid, input.customerNo);
    } else {
      id = input.propertyId ?? 0;
      const row = await readProperty(tx, user, id);
      if (Number(row.sqldbid) !== input.sqldbid) throw notFound('Property Not Found.');
    }
    const { state } = await openForEdit(ctx, tx, PROPERTY, user, id, input.confirm);
    return { property: toProperty(ctx, await readProperty(tx, user, id)), ...state };
  });
}

/** The customer's lawn size in thousands of square feet (pricing's unit), rounded as the column keeps it. */
export const lawnSizeOf = (squareFeet: number): number => Math.round(squareFeet / 10) / 100;

export async function completeProperty(
  ctx: AppContext,
  user: AuthUser,
  sent: MeasurementSave & { propertyId: number },
): Promise<{ property: MeasuredProperty; lawnSize: number | null }> {
  const input = settleSave(ctx, sent);
  return ctx.db.transaction(async (tx) => {
    const row = await readProperty(tx, user, input.propertyId, true);
    const [done] = rowsOf<{ property_id: number }>(
      await tx.execute(sql`select property_id from property_measurements where request_id = ${input.requestId}`),
    );
    if (done) {
      // A retried save: answered as saved, not recorded twice.
      if (Number(done.property_id) !== input.propertyId) {
        throw new AppError('CONFLICT', 'requestId: was already used by another save.', {
          requestId: 'was already used by another save',
        });
      }
      return { property: toProperty(ctx, row), lawnSize: await customerLawnSize(tx, row) };
    }
    await checkSaveAllowed(ctx, tx, row, user, input);
    await writeSave(ctx, tx, PROPERTY, user, input.propertyId, input);
    const measured = input.SquareFeet > MEASURED_THRESHOLD_SQFT;
    await tx.execute(sql`insert into property_measurements (property_id, request_id, user_id, measured_at, square_feet,
        shapes, image_path, not_measured_reason_id, external_measurement_source_id)
      select property_id, ${input.requestId}, ${user.userId}, measurement_date, square_feet, shapes, image_path,
        not_measured_reason_id, external_measurement_source_id
      from measured_properties where property_id = ${input.propertyId}`);
    let lawnSize: number | null = null;
    if (measured && !isNil(row.customer_no)) {
      lawnSize = lawnSizeOf(input.SquareFeet);
      // Every change of a customer raises its version (decision 021): an edit made on an older copy is refused.
      await tx.execute(sql`update customers set lawn_size = ${lawnSize.toFixed(2)}, version = version + 1,
          updated_at = ${ctx.now().toISOString()}
        where sqldbid = ${row.sqldbid as number} and customer_no = ${row.customer_no as number}`);
    }
    return { property: toProperty(ctx, await readProperty(tx, user, input.propertyId)), lawnSize };
  });
}

async function customerLawnSize(db: DbOrTx, row: Row): Promise<number | null> {
  if (isNil(row.customer_no)) return null;
  const [customer] = rowsOf<{ lawn_size: string }>(
    await db.execute(sql`select lawn_size from customers
      where sqldbid = ${row.sqldbid as number} and customer_no = ${row.customer_no as number}`),
  );
  return customer ? Number(customer.lawn_size) : null;
}

export async function cancelProperty(ctx: AppContext, user: AuthUser, propertyId: number) {
  return { released: await release(ctx.db, PROPERTY, user, propertyId) };
}

export async function previousMeasurements(ctx: AppContext, user: AuthUser, propertyId: number) {
  await readProperty(ctx.db, user, propertyId);
  const rows = rowsOf<Row>(
    await ctx.db.execute(sql`select m.measurement_id, m.measured_at, ${userName(sql`m.user_id`)} as measured_by,
        m.square_feet, m.shapes, m.not_measured_reason_id, r.name as reason, m.external_measurement_source_id,
        s.name as source
      from property_measurements m
      left join not_measured_reasons r on r.not_measured_reason_id = m.not_measured_reason_id
      left join external_measurement_sources s on s.external_measurement_source_id = m.external_measurement_source_id
      where m.property_id = ${propertyId}
      order by m.measured_at desc, m.measurement_id desc limit 100`),
  );
  return {
    measurements: rows.map((r) => ({
      measurementId: Number(r.measurement_id),
      measuredAt: new Date(r.measured_at as string).toISOString(),
      measuredBy: String(r.measured_by),
      squareFeet: isNil(r.square_feet) ? null : Number(r.square_feet),
      shapes: isNil(r.shapes) ? null : jsonColumn<MultiPolygon>(r.shapes),
      notMeasuredReasonId: isNil(r.not_measured_reason_id) ? null : Number(r.not_measured_reason_id),
      notMeasuredReason: (r.reason as string | null) ?? null,
      externalMeasurementSourceId: isNil(r.external_measurement_source_id)
        ? null
        : Number(r.external_measurement_source_id),
      externalMeasurementSource: (r.source as string | null) ?? null,
    })),
  };
}

/** A measurement as others read it (the call screen's lawn-size refresh): `complete` says whether there is one. */
export function householdOf(ctx: AppContext, row: Row | undefined) {
  if (!row) {
    return {
      complete: false,
      SquareFeet: null,
      lawnSize: null,
      measurementDate: null,
      notMeasuredReasonId: null,
      external: false,
      ImagePath: '',
    };
  }
  const fields = measurementFields(ctx, row);
  return {
    complete: fields.complete,
    SquareFeet: fields.SquareFeet,
    lawnSize: fields.SquareFeet === null ? null : lawnSizeOf(fields.SquareFeet),
    measurementDate: fields.measurementDate,
    notMeasuredReasonId: fields.notMeasuredReasonId,
    external: fields.external,
    ImagePath: fields.ImagePath,
  };
}

export async function householdMeasurement(ctx: AppContext, user: AuthUser, sqldbid: number, customerNo: number) {
  const [customer] = rowsOf(
    await ctx.db.execute(sql`select 1 from customers
      where sqldbid = ${sqldbid} and customer_no = ${customerNo} and ${inScope(user.scope, sql`branchno`)}`),
  );
  if (!customer) throw notFound('Customer Not Found.');
  const [row] = rowsOf<Row>(
    await ctx.db.execute(sql`select x.*, ${userName(sql`x.measured_by_user_id`)} as measured_by_name
      from measured_properties x where x.sqldbid = ${sqldbid} and x.customer_no = ${customerNo}`),
  );
  return householdOf(ctx, row);
}
