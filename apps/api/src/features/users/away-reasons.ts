/**
 * The away reasons a CSR picks from (decision 076): reference data the administrators keep beside brands and
 * companies, each add and edit in a transaction with its audit row. A reason is retired (no longer offered), never
 * deleted: the state history names it.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { AwayReason } from '@cc/contract';
import type { AwayReasonSave } from '@cc/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { awayReasons } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { writeAudit } from './audit.js';
import { validationError } from './validate.js';

type AwayReasonInput = z.output<typeof AwayReasonSave>;

const columns = {
  AwayReasonId: awayReasons.awayReasonId,
  Description: awayReasons.description,
  Active: awayReasons.active,
  SortOrder: awayReasons.sortOrder,
};

export const listAwayReasons = (db: DbOrTx): Promise<AwayReason[]> =>
  db.select(columns).from(awayReasons).orderBy(asc(awayReasons.sortOrder), asc(awayReasons.awayReasonId));

export async function saveAwayReason(
  ctx: AppContext,
  user: AuthUser,
  id: number | null,
  input: AwayReasonInput,
): Promise<AwayReason> {
  return ctx.db.transaction(async (tx) => {
    // Two saves of one name at once would both pass the check below: the table is locked for the write.
    await tx.execute(sql`lock table away_reasons in share row exclusive mode`);
    const [before] =
      id === null ? [] : await tx.select(columns).from(awayReasons).where(eq(awayReasons.awayReasonId, id));
    if (id !== null && !before) throw notFound('No such away reason.');
    const [same] = await tx
      .select({ id: awayReasons.awayReasonId })
      .from(awayReasons)
      .where(sql`lower(${awayReasons.description}) = lower(${input.Description})`);
    if (same && same.id !== id) throw validationError({ Description: 'An away reason with this description exists.' });
    const values = { description: input.Description, active: input.Active, sortOrder: input.SortOrder };
    const [saved] =
      id === null
        ? await tx.insert(awayReasons).values(values).returning(columns)
        : await tx.update(awayReasons).set(values).where(eq(awayReasons.awayReasonId, id)).returning(columns);
    const after = saved!;
    await writeAudit(ctx, tx, user, {
      action: before ? 'update' : 'create',
      entity: 'away_reason',
      entityId: after.AwayReasonId,
      before: before ?? null,
      after,
    });
    return after;
  });
}
