/**
 * Apply a not-measured reason to a selection (administration.md §2; decision 041): one transaction over
 * the selected properties in the caller's scope, each row locked in turn (`FOR UPDATE`, in id order so two applies
 * never deadlock). A row another user is measuring (a lock not lapsed) is skipped, and so is a measured one: a reason
 * never replaces a size. The others become not measured with the reason, as a save without a size does, and get a
 * history row whose id derives from the request's, so a retry records nothing twice.
 */
import { sql } from 'drizzle-orm';
import type { ApplyNotMeasuredReasonRequest } from '@cc/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';

type Request = z.output<typeof ApplyNotMeasuredReasonRequest>;

export async function applyNotMeasuredReason(ctx: AppContext, user: AuthUser, body: Request) {
  const ids = [...new Set(body.propertyIds)].sort((a, b) => a - b);
  const [reason] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`select not_measured_reason_id as id from not_measured_reasons
      where not_measured_reason_id = ${body.notMeasuredReasonId} and active`),
  );
  if (!reason) throw badRequest('notMeasuredReasonId', 'is not an active not-measured reason');
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - ctx.config.measureItLockSeconds * 1000).toISOString();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return ctx.db.transaction(async (tx) => {
    const rows = rowsOf<{ id: number; locked: boolean; measured: boolean }>(
      await tx.execute(sql`select property_id as id,
          (active_user_id is not null and active_user_id <> ${user.userId}
            and active_since >= ${cutoff}::timestamptz) as locked,
          (complete and not_measured_reason_id is null) as measured
        from measured_properties p
        where property_id in (${list}) and ${inScope(user.scope, sql`p.branchno`)}
        order by property_id for update`),
    );
    const apply = rows.filter((r) => !r.locked && !r.measured).map((r) => Number(r.id));
    if (apply.length > 0) {
      const applyList = sql.join(
        apply.map((id) => sql`${id}`),
        sql`, `,
      );
      const at = now.toISOString();
      await tx.execute(sql`update measured_properties set square_feet = null, shapes = null,
          external_measurement_source_id = null, not_measured_reason_id = ${reason.id}, image_path = '',
          complete = true, measurement_date = ${at}, measured_by_user_id = ${user.userId},
          active_user_id = null, active_since = null, updated_at = ${at}
        where property_id in (${applyList})`);
      await tx.execute(sql`insert into property_measurements (property_id, request_id, user_id, measured_at,
          not_measured_reason_id)
        select id, md5(${body.requestId} || ':' || id)::uuid, ${user.userId}, ${at}, ${reason.id}
        from unnest(array[${applyList}]::bigint[]) as u(id)
        on conflict (request_id) do nothing`);
    }
    return {
      applied: apply.length,
      skippedLocked: rows.filter((r) => r.locked).length,
      skippedMeasured: rows.filter((r) => !r.locked && r.measured).length,
      notFound: ids.length - rows.length,
    };
  });
}
