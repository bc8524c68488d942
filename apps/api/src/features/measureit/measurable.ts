/**
 * What a customer's property, a by-address measurement and a commercial lead share (decision 036): reading one in
 * the caller's scope, the measurement lock, and the save. The lock is two columns of the row (active_user_id,
 * active_since) and is taken by one conditional UPDATE … RETURNING: the database decides between measurers racing
 * for it, across any number of API processes. A lock lapses after MEASUREIT_LOCK_SECONDS.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  MEASURED_THRESHOLD_SQFT,
  MEASUREMENT_BUSY_MESSAGE,
  RECENTLY_MEASURED_DAYS,
  type MultiPolygon,
} from '@cc/contract';
import type { AppContext } from '../../context.js';
import { jsonColumn, rowsOf, type DbOrTx } from '../../db/client.js';
import { userName } from '../../db/sql.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';

/** A table of measurable things: its name and its id column (both fixed here, never from a request). */
export interface Measurable {
  table: 'measured_properties' | 'address_measurements' | 'commercial_leads';
  id: 'property_id' | 'address_measurement_id' | 'commercial_lead_id';
  /** What a missing (or out-of-scope) one is called in the 404. */
  noun: string;
}

export const PROPERTY: Measurable = { table: 'measured_properties', id: 'property_id', noun: 'Property' };
export const ADDRESS: Measurable = {
  table: 'address_measurements',
  id: 'address_measurement_id',
  noun: 'Address measurement',
};
export const COMMERCIAL: Measurable = { table: 'commercial_leads', id: 'commercial_lead_id', noun: 'Commercial lead' };

export type Row = Record<string, unknown>;

/** Null or undefined: a database NULL, or a column the row did not select. */
export const isNil = (value: unknown): value is null | undefined => value === null || value === undefined;

const t = (m: Measurable) => sql.raw(`"${m.table}"`);
const idCol = (m: Measurable) => sql.raw(`"${m.id}"`);

const iso = (value: unknown): string | null => (isNil(value) ? null : new Date(value as string).toISOString());
const num = (value: unknown): number | null => (isNil(value) ? null : Number(value));

/** The measurement columns of a row as the contract shows them (§3's names where it gives them). */
export function measurementFields(ctx: AppContext, row: Row) {
  return {
    streetAddress: String(row.street_address),
    city: String(row.city),
    state: String(row.state),
    zip: String(row.zip),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    SquareFeet: num(row.square_feet),
    ImagePath: String(row.image_path),
    shapes: isNil(row.shapes) ? null : jsonColumn<MultiPolygon>(row.shapes),
    notMeasuredReasonId: num(row.not_measured_reason_id),
    ExternalMeasurementSourceId: num(row.external_measurement_source_id),
    external: !isNil(row.external_measurement_source_id),
    active: lockLive(ctx, row),
    complete: Boolean(row.complete),
    measurementDate: iso(row.measurement_date),
    measuredBy: isNil(row.measured_by_user_id) ? null : String(row.measured_by_name),
  };
}

/** One row in the caller's scope (with who measured it), locked FOR UPDATE when asked; 404 when there is none. */
export async function readInScope(
  db: DbOrTx,
  m: Measurable,
  user: AuthUser,
  id: number,
  options: { forUpdate?: boolean; extra?: SQL } = {},
): Promise<Row> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`select x.*, ${userName(sql`x.measured_by_user_id`)} as measured_by_name ${options.extra ?? sql``}
      from ${t(m)} x where x.${idCol(m)} = ${id} and ${inScope(user.scope, sql`x.branchno`)}
      ${options.forUpdate ? sql`for update of x` : sql``}`),
  );
  if (!row) throw notFound(`${m.noun} Not Found.`);
  return row;
}

/** Is the row's lock held by somebody, and not lapsed? */
function lockLive(ctx: AppContext, row: Row): boolean {
  if (isNil(row.active_user_id) || isNil(row.active_since)) return false;
  return new Date(row.active_since as string).getTime() > ctx.now().getTime() - ctx.config.measureItLockSeconds * 1000;
}

/** Is the row's lock held by another user, and still live? */
function heldByOther(ctx: AppContext, row: Row, user: AuthUser): boolean {
  return lockLive(ctx, row) && Number(row.active_user_id) !== user.userId;
}

const busy = () => new AppError('CONFLICT', MEASUREMENT_BUSY_MESSAGE);

export interface EditState {
  recentlyMeasured: boolean;
  needsConfirmation: boolean;
  lock: { since: string; expiresAt: string } | null;
}

/**
 * Open a row for edit: refused (409) while another user holds it; a recently measured one answers
 * `needsConfirmation` (and takes no lock) unless `confirm`; otherwise the lock is taken, or renewed when the caller
 * already holds it. Answers the row as it now is.
 */
export async function openForEdit(
  ctx: AppContext,
  db: DbOrTx,
  m: Measurable,
  user: AuthUser,
  id: number,
  confirm: boolean,
): Promise<{ row: Row; state: EditState }> {
  const row = await readInScope(db, m, user, id);
  if (heldByOther(ctx, row, user)) throw busy();
  const now = ctx.now();
  const recentSince = now.getTime() - RECENTLY_MEASURED_DAYS * 86_400_000;
  const recentlyMeasured =
    Boolean(row.complete) &&
    !isNil(row.measurement_date) &&
    new Date(row.measurement_date as string).getTime() > recentSince;
  const mine = !isNil(row.active_user_id) && Number(row.active_user_id) === user.userId;
  if (recentlyMeasured && !confirm && !mine) {
    return { row, state: { recentlyMeasured, needsConfirmation: true, lock: null } };
  }
  const expiredBefore = new Date(now.getTime() - ctx.config.measureItLockSeconds * 1000).toISOString();
  const taken = rowsOf<{ id: number }>(
    await db.execute(sql`update ${t(m)} set active_user_id = ${user.userId}, active_since = ${now.toISOString()}
      where ${idCol(m)} = ${id}
        and (active_user_id is null or active_user_id = ${user.userId} or active_since < ${expiredBefore})
      returning ${idCol(m)} as id`),
  );
  if (taken.length === 0) throw busy();
  const expiresAt = new Date(now.getTime() + ctx.config.measureItLockSeconds * 1000).toISOString();
  return {
    row: { ...row, active_user_id: user.userId, active_since: now },
    state: { recentlyMeasured, needsConfirmation: false, lock: { since: now.toISOString(), expiresAt } },
  };
}

/** Release the caller's lock on a row in scope (404 when there is none); false when the caller did not hold it. */
export async function release(db: DbOrTx, m: Measurable, user: AuthUser, id: number): Promise<boolean> {
  await readInScope(db, m, user, id);
  const released = rowsOf<{ id: number }>(
    await db.execute(sql`update ${t(m)} set active_user_id = null, active_since = null
      where ${idCol(m)} = ${id} and active_user_id = ${user.userId} returning ${idCol(m)} as id`),
  );
  return released.length > 0;
}

export interface MeasurementSave {
  requestId: string;
  SquareFeet: number;
  shapes: MultiPolygon | null;
  ExternalMeasurementSourceId: number | null;
  notMeasuredReasonId: number | null;
  ImagePath: string;
}

/**
 * Check a save against the row (locked FOR UPDATE by the caller's transaction): the caller must hold its lock — a
 * lapsed lock of the caller that nobody has taken since still counts —, and the reason and source must exist.
 */
export async function checkSaveAllowed(
  ctx: AppContext,
  db: DbOrTx,
  row: Row,
  user: AuthUser,
  save: MeasurementSave,
): Promise<void> {
  if (heldByOther(ctx, row, user)) throw busy();
  if (isNil(row.active_user_id) || Number(row.active_user_id) !== user.userId) {
    throw new AppError('CONFLICT', 'This measurement is not open for you to edit: open it again.');
  }
  const measured = save.SquareFeet > MEASURED_THRESHOLD_SQFT;
  if (!measured && save.notMeasuredReasonId !== null) {
    const [reason] = rowsOf(
      await db.execute(sql`select 1 from not_measured_reasons
        where not_measured_reason_id = ${save.notMeasuredReasonId} and active`),
    );
    if (!reason) throw badRequest('notMeasuredReasonId', 'is not a not-measured reason');
  }
  if (measured && save.ExternalMeasurementSourceId !== null) {
    const [source] = rowsOf(
      await db.execute(sql`select 1 from external_measurement_sources
        where external_measurement_source_id = ${save.ExternalMeasurementSourceId} and active`),
    );
    if (!source) throw badRequest('ExternalMeasurementSourceId', 'is not an external measurement source');
  }
}

/**
 * The columns a save writes: a size above 0.01 square feet clears the not-measured reason (§4); otherwise the
 * property is not measured, with its reason, and keeps no size, shapes or source. The lock is released.
 */
export function savedColumns(ctx: AppContext, user: AuthUser, save: MeasurementSave): SQL {
  const measured = save.SquareFeet > MEASURED_THRESHOLD_SQFT;
  return sql`square_feet = ${measured ? save.SquareFeet.toFixed(2) : null},
    shapes = ${measured && save.shapes ? JSON.stringify(save.shapes) : null}::jsonb,
    external_measurement_source_id = ${measured ? save.ExternalMeasurementSourceId : null},
    not_measured_reason_id = ${measured ? null : save.notMeasuredReasonId},
    image_path = ${measured ? save.ImagePath : ''},
    complete = true, measurement_date = ${ctx.now().toISOString()}, measured_by_user_id = ${user.userId},
    active_user_id = null, active_since = null, updated_at = ${ctx.now().toISOString()}`;
}

/** Write a save on a row; answers the row as saved. */
export async function writeSave(
  ctx: AppContext,
  db: DbOrTx,
  m: Measurable,
  user: AuthUser,
  id: number,
  save: MeasurementSave,
  extra: SQL = sql``,
): Promise<void> {
  await db.execute(sql`update ${t(m)} set ${savedColumns(ctx, user, save)} ${extra} where ${idCol(m)} = ${id}`);
}
