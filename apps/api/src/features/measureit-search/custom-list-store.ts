/**
 * The custom search lists' writes and reads (decision 041): the import in one transaction (the list, then its rows
 * in batches), answered again for a retried request id; the lists with their rows counted in the caller's scope;
 * rename and delete.
 */
import { sql } from 'drizzle-orm';
import type { CustomListPreview } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { callTime } from '../../db/sql.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { checkFile } from './custom-lists.js';

const BATCH = 5_000;

interface ListRow {
  listId: number;
  name: string;
  ownerUserId: number;
  ownerName: string;
  createdAt: string;
  rows: number;
}

/** The lists (or one), each with its rows in the caller's scope; a list with none in scope shows to its owner only. */
async function readLists(db: DbOrTx, user: AuthUser, listId?: number): Promise<ListRow[]> {
  return rowsOf<ListRow>(
    await db.execute(sql`select l.list_id as "listId", l.name, l.owner_user_id as "ownerUserId",
        coalesce(u.first_name || ' ' || u.last_name, '') as "ownerName", ${callTime(sql`l.created_at`)} as "createdAt",
        (select count(*)::int from measureit_search_list_rows r
          where r.list_id = l.list_id and ${inScope(user.scope, sql`r.branchno`)}) as rows
      from measureit_search_lists l left join users u on u.user_id = l.owner_user_id
      where ${listId === undefined ? sql`true` : sql`l.list_id = ${listId}`}
      order by l.created_at desc, l.list_id desc`),
  ).filter((l) => l.rows > 0 || l.ownerUserId === user.userId);
}

export async function customLists(ctx: AppContext, user: AuthUser) {
  return { lists: await readLists(ctx.db, user) };
}

export async function importCustomList(
  ctx: AppContext,
  user: AuthUser,
  query: { fileName: string; name: string; requestId: string },
  body: unknown,
) {
  const earlier = await repeated(ctx.db, user, query.requestId);
  if (earlier) return earlier;
  const { preview, keep } = await checkFile(ctx.db, user, query.fileName, body);
  if (keep.length === 0) {
    throw badRequest('file', 'none of its rows is a customer in your scope: nothing to import');
  }
  return ctx.db.transaction(async (tx) => {
    const [made] = rowsOf<{ listId: number }>(
      await tx.execute(sql`insert into measureit_search_lists (name, owner_user_id, request_id, preview)
        values (${query.name}, ${user.userId}, ${query.requestId}, ${JSON.stringify(preview)}::jsonb)
        on conflict (request_id) do nothing returning list_id as "listId"`),
    );
    // A concurrent retry imported it first: answer that one.
    if (!made) return (await repeated(tx, user, query.requestId))!;
    for (let i = 0; i < keep.length; i += BATCH) {
      const part = keep.slice(i, i + BATCH);
      await tx.execute(sql`insert into measureit_search_list_rows (list_id, branchno, cust_no)
        select ${made.listId}, u.b, u.n from jsonb_to_recordset(${JSON.stringify(
          part.map((r) => ({ b: r.branchNo, n: r.custNo })),
        )}::jsonb) as u(b text, n int)`);
    }
    const [list] = await readLists(tx, user, made.listId);
    return { ...preview, list: list!, repeated: false };
  });
}

/** The answer of an import with this request id already made by this user, or null. */
async function repeated(db: DbOrTx, user: AuthUser, requestId: string) {
  const [row] = rowsOf<{ listId: number; ownerUserId: number; preview: CustomListPreview | string }>(
    await db.execute(sql`select list_id as "listId", owner_user_id as "ownerUserId", preview
      from measureit_search_lists where request_id = ${requestId}`),
  );
  if (!row) return null;
  if (row.ownerUserId !== user.userId) throw badRequest('requestId', 'is the id of another import');
  const preview = typeof row.preview === 'string' ? (JSON.parse(row.preview) as CustomListPreview) : row.preview;
  const [list] = await readLists(db, user, row.listId);
  if (!list) throw notFound('The list was deleted.');
  return { ...preview, list, repeated: true };
}

/** A list the caller may see (its owner, or rows in its scope): others are answered as missing. */
async function visible(db: DbOrTx, user: AuthUser, listId: number) {
  const [list] = await readLists(db, user, listId);
  if (!list) throw notFound('No such custom search list.');
  return list;
}

export async function renameCustomList(ctx: AppContext, user: AuthUser, listId: number, name: string) {
  await visible(ctx.db, user, listId);
  const updated = rowsOf(
    await ctx.db.execute(sql`update measureit_search_lists set name = ${name} where list_id = ${listId}
      returning list_id`),
  );
  if (updated.length === 0) throw notFound('No such custom search list.');
  const [list] = await readLists(ctx.db, user, listId);
  if (!list) throw notFound('No such custom search list.');
  return list;
}

export async function deleteCustomList(ctx: AppContext, user: AuthUser, listId: number) {
  await visible(ctx.db, user, listId);
  const deleted = rowsOf(
    await ctx.db.execute(sql`delete from measureit_search_lists where list_id = ${listId} returning list_id`),
  );
  if (deleted.length === 0) throw notFound('No such custom search list.');
  return { ok: true as const };
}
