/**
 * Taking calls off the lists: deleting calls, and completing or deleting web leads. Every
 * change locks its rows first and is refused as a whole when one is not a listed call in the user's scope.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { outboundCalls, webLeads } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { badRequest } from '../../http/errors.js';
import { LISTED } from './lists.js';

/**
 * The rows of `ids` that the user may change: all must exist, be listed and lie in scope, else the
 * request is refused as a whole (400) and nothing changes.
 */
async function lockRows(tx: DbOrTx, user: AuthUser, ids: number[], only?: string) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({
      outboundId: outboundCalls.outboundId,
      type: outboundCalls.type,
      webLeadCallId: outboundCalls.webLeadCallId,
    })
    .from(outboundCalls)
    .where(and(inArray(outboundCalls.outboundId, unique), LISTED, inScope(user.scope, outboundCalls.branchNo)))
    .for('update');
  const found = new Set(rows.map((r) => r.outboundId));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw badRequest('ids', `no listed call in your scope with id ${missing.slice(0, 10).join(', ')}`);
  }
  if (only) {
    const wrong = rows.filter((r) => r.type !== only).map((r) => r.outboundId);
    if (wrong.length > 0) throw badRequest('ids', `not ${only} calls: ${wrong.slice(0, 10).join(', ')}`);
  }
  return rows;
}

function checkCsr(user: AuthUser, csr: number | undefined): void {
  if (csr !== undefined && csr !== user.userId) throw badRequest('csr', 'must be the signed-in user');
}

/** Delete calls from a list (kept, marked deleted, so nothing is lost); counts follow by trigger. */
export async function deleteOutbound(
  ctx: AppContext,
  user: AuthUser,
  input: { ids: number[]; csr?: number | undefined },
) {
  checkCsr(user, input.csr);
  return ctx.db.transaction(async (tx) => {
    const rows = await lockRows(tx, user, input.ids);
    await tx
      .update(outboundCalls)
      .set({ deletedAt: ctx.now(), deletedBy: user.userId })
      .where(
        inArray(
          outboundCalls.outboundId,
          rows.map((r) => r.outboundId),
        ),
      );
    // A deleted web-lead call takes its web lead off the new leads too, so a deep link cannot reopen it.
    const webLeadIds = rows.map((r) => r.webLeadCallId).filter((id): id is number => id !== null);
    if (webLeadIds.length > 0) {
      await tx
        .update(webLeads)
        .set({ status: 'deleted', closedAt: ctx.now(), closedBy: user.userId })
        .where(and(inArray(webLeads.webLeadId, webLeadIds), eq(webLeads.status, 'new')));
    }
    return { changed: rows.length };
  });
}

async function closeWebLeads(
  ctx: AppContext,
  user: AuthUser,
  input: { ids: number[]; csr?: number | undefined; status?: string | undefined },
  outcome: 'complete' | 'deleted',
) {
  checkCsr(user, input.csr);
  return ctx.db.transaction(async (tx) => {
    const rows = await lockRows(tx, user, input.ids, 'WebLead');
    const ids = rows.map((r) => r.outboundId);
    const now = ctx.now();
    await tx
      .update(outboundCalls)
      .set(
        outcome === 'complete'
          ? {
              callComplete: true,
              callStatus: input.status ?? 'End',
              lastAccessDate: now,
              lastAccessCsr: user.userId,
              // Who completed it, for the call search's agent (decision 062).
              callBackCsr: user.userId,
            }
          : { deletedAt: now, deletedBy: user.userId },
      )
      .where(inArray(outboundCalls.outboundId, ids));
    const webLeadIds = rows.map((r) => r.webLeadCallId).filter((id): id is number => id !== null);
    if (webLeadIds.length > 0) {
      await tx
        .update(webLeads)
        .set({ status: outcome, closedAt: now, closedBy: user.userId })
        .where(inArray(webLeads.webLeadId, webLeadIds));
    }
    return { changed: rows.length };
  });
}

export const completeWebLeads = (ctx: AppContext, user: AuthUser, input: Parameters<typeof closeWebLeads>[2]) =>
  closeWebLeads(ctx, user, input, 'complete');
export const deleteWebLeads = (ctx: AppContext, user: AuthUser, input: Parameters<typeof closeWebLeads>[2]) =>
  closeWebLeads(ctx, user, input, 'deleted');
