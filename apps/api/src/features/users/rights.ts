/**
 * The rights rule on the server (docs/decisions/056-user-manager-delegation.md): inside the transaction of a change,
 * read the actor's rights and the user's as they are, and refuse when the user has, or would be given, a right the
 * actor lacks. Everything is read from the tables in that transaction, not from the actor's session.
 */
import { inArray } from 'drizzle-orm';
import type { UserDetail } from '@cc/contract';
import { rightsRefusal, type RightsFacts, type UserAdminActor, type UserRights } from '@cc/domain';
import type { DbOrTx } from '../../db/client.js';
import { franchises, permissions } from '../../db/schema/index.js';
import { userDetail } from './queries.js';
import { refusalError, type UserInput } from './validate.js';

/** The rights of a user as the edit screen shows it. */
export function rightsOfDetail(detail: UserDetail): UserRights {
  return {
    roleId: detail.RoleId,
    companyId: detail.CompanyId,
    branches: detail.Branches.map((b) => b.branchno),
    applications: detail.Applications.map((a) => a.ApplicationId),
    permissions: detail.permissions.map((p) => ({ permissionId: p.PermissionId, value: p.value })),
    flags: {
      allowCorporate: detail.allowCorporate,
      allowFranchise: detail.allowFranchise,
      isAdmin: detail.isAdmin,
      allowVerification: detail.allowVerification,
      measureItToolOnly: detail.measureItToolOnly,
    },
  };
}

/** The rights a user's form leaves it with; grants the form leaves out stay as they were. */
export function rightsOfInput(input: UserInput, before: UserDetail | null): UserRights {
  const kept = before ? rightsOfDetail(before) : null;
  return {
    roleId: input.RoleId,
    companyId: input.CompanyId,
    branches: [...new Set(input.Branches)],
    applications: input.Applications ?? kept?.applications ?? [],
    permissions:
      input.permissions?.map((p) => ({ permissionId: p.PermissionId, value: p.value })) ?? kept?.permissions ?? [],
    flags: {
      allowCorporate: input.allowCorporate,
      allowFranchise: input.allowFranchise,
      isAdmin: input.isAdmin,
      allowVerification: input.allowVerification,
      measureItToolOnly: input.measureItToolOnly,
    },
  };
}

/** The falsevalue of every permission and the designation of every branch the rights name. */
async function factsOf(db: DbOrTx, rights: readonly UserRights[]): Promise<RightsFacts> {
  const defs = await db.select({ id: permissions.permissionId, values: permissions.values }).from(permissions);
  const branchNos = [...new Set(rights.flatMap((r) => r.branches))];
  const rows = branchNos.length
    ? await db
        .select({ branchNo: franchises.branchNo, designation: franchises.designation })
        .from(franchises)
        .where(inArray(franchises.branchNo, branchNos))
    : [];
  return {
    falsevalues: new Map(defs.map((d) => [d.id, d.values.falsevalue])),
    designations: new Map(rows.map((r) => [r.branchNo, r.designation])),
  };
}

/**
 * Throws the refusal of the rights rule: `before` is the user as it is (null for a new one), `after` the rights the
 * change leaves it with (null when the change gives nothing). The actor's rights are read here, in `tx`.
 */
export async function checkRights(
  tx: DbOrTx,
  actor: UserAdminActor,
  before: UserDetail | null,
  after: UserRights | null,
): Promise<void> {
  const own = rightsOfDetail(await userDetail(tx, actor.userId));
  const beforeRights = before ? rightsOfDetail(before) : null;
  const facts = await factsOf(tx, [own, ...(beforeRights ? [beforeRights] : []), ...(after ? [after] : [])]);
  const refusal = rightsRefusal(
    actor,
    own,
    before && beforeRights ? { userId: before.UserId, rights: beforeRights } : null,
    after,
    facts,
  );
  if (refusal) throw refusalError(refusal);
}
