/**
 * Franchise Maintenance (decision 032): the company config (by SQLDBID), the inbound follow-up
 * config and the additional-service hot-prospect config (by branch). Reads and writes are limited to the caller's
 * scope (a franchise or branch outside it is 404, as if it did not exist); each change writes its audit row in its
 * own transaction. The call screens read these tables on every call, so a change applies to the next call at once.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CompanyConfig,
  CompanyConfigUpdate,
  HotProspectConfig,
  HotProspectConfigUpdate,
  InboundFollowUpConfig,
  InboundFollowUpConfigUpdate,
} from '@cc/contract';
import { CONFIG_DEFAULTS } from '@cc/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { franchiseConfigs, hotProspectConfigs, inboundFollowUpConfigs } from '../../db/schema/index.js';
import { branchInScope } from '../../db/main-branch.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { franchiseInScope } from '../current-call/index.js';
import { writeAudit } from '../users/index.js';

type Out<T extends z.ZodType> = z.output<T>;

/** A branch in the caller's scope, or 404. */
async function checkBranch(db: DbOrTx, user: AuthUser, branchNo: string): Promise<void> {
  if (!(await branchInScope(db, user.scope, branchNo))) throw notFound('Branch not found.');
}

async function readCompanyConfig(db: DbOrTx, sqldbid: number): Promise<Out<typeof CompanyConfig>> {
  const [row] = await db.select().from(franchiseConfigs).where(eq(franchiseConfigs.sqldbid, sqldbid));
  return {
    sqldbid,
    webLeadsStart: row?.webLeadsStart ?? CONFIG_DEFAULTS.webLeadsStart,
    webLeadsEnd: row?.webLeadsEnd ?? CONFIG_DEFAULTS.webLeadsEnd,
    ccEmailAddresses: row?.ccEmailAddresses ?? '',
  };
}

export async function getCompanyConfig(ctx: AppContext, user: AuthUser, sqldbid: number) {
  await franchiseInScope(ctx.db, user.scope, sqldbid);
  return readCompanyConfig(ctx.db, sqldbid);
}

export function updateCompanyConfig(ctx: AppContext, user: AuthUser, input: Out<typeof CompanyConfigUpdate>) {
  return ctx.db.transaction(async (tx) => {
    await franchiseInScope(tx, user.scope, input.sqldbid);
    const before = await readCompanyConfig(tx, input.sqldbid);
    const values = {
      webLeadsStart: input.webLeadsStart,
      webLeadsEnd: input.webLeadsEnd,
      ccEmailAddresses: input.ccEmailAddresses,
    };
    await tx
      .insert(franchiseConfigs)
      .values({ sqldbid: input.sqldbid, ...values })
      .onConflictDoUpdate({ target: franchiseConfigs.sqldbid, set: values });
    const after = { sqldbid: input.sqldbid, ...values };
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await writeAudit(ctx, tx, user, {
        action: 'update',
        entity: 'company-config',
        entityId: input.sqldbid,
        before,
        after,
      });
    }
    return after;
  });
}

async function readFollowUpConfig(db: DbOrTx, branchNo: string): Promise<Out<typeof InboundFollowUpConfig>> {
  const [row] = await db.select().from(inboundFollowUpConfigs).where(eq(inboundFollowUpConfigs.branchNo, branchNo));
  return {
    branchNo,
    inboundFollowUpStart: row?.inboundFollowUpStart ?? CONFIG_DEFAULTS.inboundFollowUpStart,
    inboundFollowUpEnd: row?.inboundFollowUpEnd ?? CONFIG_DEFAULTS.inboundFollowUpEnd,
    ccEmailAddresses: row?.ccEmailAddresses ?? '',
  };
}

export async function getFollowUpConfig(ctx: AppContext, user: AuthUser, branchNo: string) {
  await checkBranch(ctx.db, user, branchNo);
  return readFollowUpConfig(ctx.db, branchNo);
}

export function updateFollowUpConfig(ctx: AppContext, user: AuthUser, input: Out<typeof InboundFollowUpConfigUpdate>) {
  return ctx.db.transaction(async (tx) => {
    await checkBranch(tx, user, input.branchNo);
    const before = await readFollowUpConfig(tx, input.branchNo);
    const values = {
      inboundFollowUpStart: input.inboundFollowUpStart,
      inboundFollowUpEnd: input.inboundFollowUpEnd,
      ccEmailAddresses: input.ccEmailAddresses,
    };
    await tx
      .insert(inboundFollowUpConfigs)
      .values({ branchNo: input.branchNo, ...values })
      .onConflictDoUpdate({ target: inboundFollowUpConfigs.branchNo, set: values });
    const after = { branchNo: input.branchNo, ...values };
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await writeAudit(ctx, tx, user, {
        action: 'update',
        entity: 'inbound-follow-up-config',
        entityId: input.branchNo,
        before,
        after,
      });
    }
    return after;
  });
}

async function readHotProspectConfig(db: DbOrTx, branchNo: string): Promise<Out<typeof HotProspectConfig>> {
  const [row] = await db.select().from(hotProspectConfigs).where(eq(hotProspectConfigs.branchNo, branchNo));
  return { branchNo, active: row?.active ?? true, emailAddresses: row?.emailAddresses ?? '' };
}

export async function getHotProspectConfig(ctx: AppContext, user: AuthUser, branchNo: string) {
  await checkBranch(ctx.db, user, branchNo);
  return readHotProspectConfig(ctx.db, branchNo);
}

export function updateHotProspectConfig(ctx: AppContext, user: AuthUser, input: Out<typeof HotProspectConfigUpdate>) {
  return ctx.db.transaction(async (tx) => {
    await checkBranch(tx, user, input.branchNo);
    const before = await readHotProspectConfig(tx, input.branchNo);
    const values = { active: input.active, emailAddresses: input.emailAddresses };
    await tx
      .insert(hotProspectConfigs)
      .values({ branchNo: input.branchNo, ...values })
      .onConflictDoUpdate({ target: hotProspectConfigs.branchNo, set: values });
    const after = { branchNo: input.branchNo, ...values };
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await writeAudit(ctx, tx, user, {
        action: 'update',
        entity: 'hot-prospect-config',
        entityId: input.branchNo,
        before,
        after,
      });
    }
    return after;
  });
}
