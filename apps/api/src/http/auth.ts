import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { App, LEADS_CC_MANAGER_ROLE_NAME, permissionEntry, roleEntry, scopeOf } from '@cc/domain';
import { rowsOf, type DbOrTx } from '../db/client.js';
import type { AppContext } from '../context.js';
import type { AuthUser } from './auth-user.js';
import { AppError, unauthenticated } from './errors.js';

export type { AuthUser } from './auth-user.js';

/**
 * The applications a user opens: a measureItToolOnly user only MeasureIt, whatever else it holds (decision 026). Read
 * with the rest of the user on every request, so a change applies to the user's next request.
 */
const onlyMeasureIt = sql.raw(`(not u.measure_it_tool_only or a.application_id = ${App.MeasureIt})`);

/** Sessions are touched at most this often, so most requests only read. */
const TOUCH_INTERVAL_MS = 15_000;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The permission list the spec describes: `role:{n}` entries and `permission:{id}:{value}` entries. */
export function permissionList(roleId: number, roleName: string, perms: { id: number; value: string }[]): string[] {
  const list = [roleEntry(roleId)];
  if (roleName === LEADS_CC_MANAGER_ROLE_NAME) list.push(roleEntry(LEADS_CC_MANAGER_ROLE_NAME));
  for (const p of perms) list.push(permissionEntry(p.id, p.value));
  return list;
}

interface UserRow {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  company_id: number;
  role_id: number;
  brand_id: number | null;
  sqldbid: number | null;
  role_name: string;
  branches: string[];
  perms: { id: number; value: string }[];
  applications: number[];
  last_seen_at: string | Date;
  session_id: string;
  password_change_required: boolean;
}

/** What `toAuthUser` reads of a user `u` and its role `r`, but the session's columns. */
const USER_VIEW = sql`u.user_id, u.username, u.first_name, u.last_name, u.company_id, u.role_id, u.brand_id, u.sqldbid,
             r.name as role_name,
             coalesce((select json_agg(b.branchno order by b.branchno) from user_branches b where b.user_id = u.user_id), '[]') as branches,
             coalesce((select json_agg(json_build_object('id', p.permission_id, 'value', p.value) order by p.permission_id)
                       from user_permissions p where p.user_id = u.user_id), '[]') as perms,
             coalesce((select json_agg(a.application_id order by a.application_id)
                       from user_applications a where a.user_id = u.user_id and ${onlyMeasureIt}), '[]') as applications`;

/** Load the authorization view of a user in one query. */
export async function loadAuthUser(db: DbOrTx, userId: number, sessionId = ''): Promise<AuthUser | null> {
  const rows = rowsOf<UserRow>(
    await db.execute(sql`
      select ${USER_VIEW}, now() as last_seen_at,
             coalesce((select s.password_change_required from sessions s where s.session_id = ${sessionId}), false)
               as password_change_required
      from users u join roles r on r.role_id = u.role_id
      where u.user_id = ${userId} and u.active`),
  );
  const row = rows[0];
  return row ? toAuthUser(row, sessionId) : null;
}

/**
 * The authorization view of the active user whose id `pick` answers (a scalar subquery), in one query with `also`, an
 * expression over that user `u` evaluated once for the user found (a lock a caller takes with the read).
 */
export async function loadPickedUser(db: DbOrTx, pick: SQL, also: SQL = sql`null`): Promise<AuthUser | null> {
  const rows = rowsOf<UserRow>(
    await db.execute(sql`
      select ${USER_VIEW}, now() as last_seen_at, false as password_change_required, ${also} as also_taken
      from users u join roles r on r.role_id = u.role_id
      where u.user_id = (${pick}) and u.active`),
  );
  const row = rows[0];
  return row ? toAuthUser(row, '') : null;
}

/**
 * The users of these sessions as they are now, in one query: only sessions still alive (not revoked, idle past the
 * limit or past their end) of active users. What `authenticate` would resolve, read from the database (never the
 * session cache), for a request that outlives its own check: the floor stream re-checks its user with it.
 */
export async function loadSessionUsers(ctx: AppContext, sessionIds: string[]): Promise<Map<string, AuthUser>> {
  if (sessionIds.length === 0) return new Map();
  const rows = rowsOf<UserRow>(
    await ctx.db.execute(sql`
      select ${USER_VIEW}, s.last_seen_at, s.session_id, s.password_change_required
      from sessions s join users u on u.user_id = s.user_id join roles r on r.role_id = u.role_id
      where s.session_id in (${sql.join(
        sessionIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${sessionAlive(ctx, ctx.now())} and u.active`),
  );
  return new Map(rows.map((row) => [row.session_id, toAuthUser(row, row.session_id)]));
}

function toAuthUser(row: UserRow, sessionId: string): AuthUser {
  const branches = typeof row.branches === 'string' ? (JSON.parse(row.branches) as string[]) : row.branches;
  const perms = typeof row.perms === 'string' ? (JSON.parse(row.perms) as UserRow['perms']) : row.perms;
  const applications =
    typeof row.applications === 'string' ? (JSON.parse(row.applications) as number[]) : row.applications;
  const permissions = permissionList(row.role_id, row.role_name, perms);
  return {
    userId: row.user_id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    companyId: row.company_id,
    roleId: row.role_id,
    brandId: row.brand_id,
    sqldbid: row.sqldbid,
    branches,
    permissions,
    applications,
    scope: scopeOf({ companyId: row.company_id, permissions, branches }),
    sessionId,
    passwordChangeRequired: row.password_change_required,
  };
}

/** A session (`s`) that may still be used: not revoked, not idle past the limit, not past its end. */
export function sessionAlive(ctx: AppContext, now: Date): SQL {
  const idleCutoff = new Date(now.getTime() - ctx.config.session.idleSeconds * 1000).toISOString();
  return sql`s.revoked_at is null and s.last_seen_at > ${idleCutoff} and s.expires_at > ${now.toISOString()}`;
}

/**
 * Resolve the bearer token of a request to its user, enforcing the token's own end (minutes for a browser's
 * token), and the session's revocation, idle limit and absolute limit on the server. Throws 401 otherwise.
 *
 * Most requests are answered from the session cache (decision 042): an entry is used only while its token and session
 * have not ended and the session is not idle by the last-seen time this process knows (never later than the
 * database's); anything else goes to the database, which decides. Revocations and changes of rights arrive as notices.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
  if (!match?.[1]) throw unauthenticated();
  const tokenHash = hashToken(match[1]);
  const now = ctx.now();
  const at = now.getTime();
  const cached = ctx.sessionCache.get(tokenHash, at);
  if (
    cached &&
    at < cached.tokenExpiresAt &&
    at < cached.sessionExpiresAt &&
    at - cached.lastSeenAt < ctx.config.session.idleSeconds * 1000
  ) {
    if (at - cached.lastSeenAt > TOUCH_INTERVAL_MS) {
      await touch(ctx, cached.sessionId, now);
      cached.lastSeenAt = at;
    }
    return cached.user;
  }
  const generation = ctx.sessionCache.generation;
  const rows = rowsOf<UserRow & { expires_at: string | Date; token_expires_at: string | Date }>(
    await ctx.db.execute(sql`
      select u.user_id, u.username, u.first_name, u.last_name, u.company_id, u.role_id, u.brand_id, u.sqldbid,
             r.name as role_name, s.last_seen_at, s.session_id, s.expires_at, a.expires_at as token_expires_at,
             s.password_change_required,
             coalesce((select json_agg(b.branchno order by b.branchno) from user_branches b where b.user_id = u.user_id), '[]') as branches,
             coalesce((select json_agg(json_build_object('id', p.permission_id, 'value', p.value) order by p.permission_id)
                       from user_permissions p where p.user_id = u.user_id), '[]') as perms,
             coalesce((select json_agg(a.application_id order by a.application_id)
                       from user_applications a where a.user_id = u.user_id and ${onlyMeasureIt}), '[]') as applications
      from access_tokens a
      join sessions s on s.session_id = a.session_id
      join users u on u.user_id = s.user_id
      join roles r on r.role_id = u.role_id
      where a.token_hash = ${tokenHash} and a.expires_at > ${now.toISOString()} and ${sessionAlive(ctx, now)}
        and u.active`),
  );
  const row = rows[0];
  if (!row) throw await whyRejected(ctx, tokenHash, now);
  let lastSeenAt = new Date(row.last_seen_at).getTime();
  if (at - lastSeenAt > TOUCH_INTERVAL_MS) {
    await touch(ctx, row.session_id, now);
    lastSeenAt = at;
  }
  const user = toAuthUser(row, row.session_id);
  ctx.sessionCache.set(
    tokenHash,
    {
      user,
      userId: user.userId,
      sessionId: row.session_id,
      storedAt: at,
      tokenExpiresAt: new Date(row.token_expires_at).getTime(),
      sessionExpiresAt: new Date(row.expires_at).getTime(),
      lastSeenAt,
    },
    generation,
  );
  return user;
}

/** Record activity on a session (at most every TOUCH_INTERVAL_MS per session and process; decision 042). */
async function touch(ctx: AppContext, sessionId: string, now: Date): Promise<void> {
  await ctx.db.execute(
    sql`update sessions set last_seen_at = ${now.toISOString()} where session_id = ${sessionId} and last_seen_at < ${now.toISOString()}`,
  );
}

interface SessionState {
  revoked_at: unknown;
  last_seen_at: string | Date;
  expires_at: string | Date;
}

async function whyRejected(ctx: AppContext, tokenHash: string, now: Date): Promise<AppError> {
  const rows = rowsOf<SessionState & { token_expires_at: string | Date }>(
    await ctx.db.execute(
      sql`select s.revoked_at, s.last_seen_at, s.expires_at, a.expires_at as token_expires_at
          from access_tokens a join sessions s on s.session_id = a.session_id where a.token_hash = ${tokenHash}`,
    ),
  );
  const session = rows[0];
  if (!session) return unauthenticated();
  const ended = sessionEnded(ctx, session, now);
  if (ended) return ended;
  return new Date(session.token_expires_at).getTime() <= now.getTime()
    ? unauthenticated('The access token has expired: a browser gets a new one from POST /api/auth/refresh.')
    : unauthenticated();
}

/**
 * Why a session can no longer be used, or null while it can: revoked (signed out), past its absolute end, or
 * idle past the limit. Read by the bearer check and by the refresh call, so both say the same.
 */
export function sessionEnded(ctx: AppContext, session: SessionState, now: Date): AppError | null {
  const idleCutoff = new Date(now.getTime() - ctx.config.session.idleSeconds * 1000);
  if (session.revoked_at !== null) return unauthenticated();
  if (new Date(session.expires_at).getTime() <= now.getTime()) {
    return new AppError('SESSION_EXPIRED', 'Your session has ended. Please sign in again.');
  }
  if (new Date(session.last_seen_at).getTime() <= idleCutoff.getTime()) {
    return new AppError(
      'SESSION_EXPIRED',
      `Your session ended after ${idleText(ctx.config.session.idleSeconds)} without activity. Please sign in again.`,
    );
  }
  return null;
}

/** An idle limit in words that stay true for any setting: whole minutes, else seconds (20 s is not '0 minutes'). */
export function idleText(seconds: number): string {
  const [amount, unit] = seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
