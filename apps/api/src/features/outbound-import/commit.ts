/**
 * Importing a previewed file (decision 030): its rows to add go into outbound_calls in one statement of one
 * transaction, or none of them do. The unique natural key (`import_key`) with ON CONFLICT DO NOTHING makes a second
 * import of the same rows add nothing, and a retried request answers the first one's result. The outbound counts
 * move in the same statement (the statement-level trigger of migration 0026).
 */
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { ImportResult } from '@cc/contract';
import { rowsOf, type Db } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import type { Progress } from './preview.js';

interface ImportHead {
  call_type: string;
  status: string;
  to_add: number;
  already_imported: number;
  dropped: number;
  added: number | null;
}

export async function commitImport(
  db: Db,
  user: AuthUser,
  importId: string,
  progress?: Progress,
  /** Test hook: runs inside the transaction after the rows are written, before it commits. */
  afterInsert?: () => Promise<void>,
): Promise<ImportResult> {
  const read = async () => {
    const [head] = rowsOf<ImportHead>(
      await db.execute(sql`select call_type, status, to_add, already_imported, dropped, added from outbound_imports
        where import_id = ${importId} and user_id = ${user.userId}`),
    );
    // Another user's import is answered as a missing one.
    if (!head) throw notFound('Import not found.');
    return head;
  };
  const repeated = (head: ImportHead): ImportResult => ({
    importId,
    added: head.added ?? 0,
    alreadyImported: head.already_imported,
    dropped: head.dropped,
    repeated: true,
  });
  const head = await read();
  if (head.status === 'imported') return repeated(head);
  progress?.('importing', 0, head.to_add);

  const outcome = await db
    .transaction(async (tx) => {
      const [inserted] = rowsOf<{ added: number }>(
        await tx.execute(sql`
        with ins as (
          insert into outbound_calls (id, type, call_source, call_origin, branchno, sqldbid, cust_no, first_name,
            last_name, street, city, state, zip, phone, size, customer_type, cust_status, price_offer, service,
            status_date, import_key)
          select c.customer_id::int, ${head.call_type}, r.call_source, 'Outbound', r.branchno, r.sqldbid, r.cust_no,
            coalesce(nullif(r.first_name, ''), c.first_name), coalesce(nullif(r.last_name, ''), c.last_name),
            coalesce(nullif(r.street, ''), c.address), coalesce(nullif(r.city, ''), c.city),
            coalesce(nullif(r.state, ''), c.state), coalesce(nullif(r.zip, ''), c.zip),
            coalesce(nullif(r.phone, ''), nullif(c.home_phone, ''), c.cell_phone), coalesce(r.size, c.lawn_size),
            coalesce(c.customer_type, ''), coalesce(c.status, ''), r.price_offer, r.service, r.status_date,
            r.import_key
          from outbound_import_rows r
          left join customers c on c.sqldbid = r.sqldbid and c.customer_no = r.cust_no
          where r.import_id = ${importId} and r.problem is null and r.outcome is null
          order by r.line_no
          on conflict (import_key) do nothing
          returning 1
        )
        select count(*)::int as added from ins`),
      );
      await afterInsert?.();
      // The kept rows are done with; the dropped ones stay for the problems list until the preview is forgotten.
      await tx.execute(sql`delete from outbound_import_rows where import_id = ${importId} and problem is null`);
      const done = rowsOf<{ n: number }>(
        await tx.execute(sql`update outbound_imports set status = 'imported', added = ${inserted?.added ?? 0},
          imported_at = now()
        where import_id = ${importId} and status = 'previewed' returning 1 as n`),
      );
      // Imported meanwhile by a request that committed first: this one adds nothing.
      if (done.length === 0) tx.rollback();
      return inserted?.added ?? 0;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
  if (outcome === null) return repeated(await read());
  progress?.('importing', head.to_add, head.to_add);
  return {
    importId,
    added: outcome,
    alreadyImported: head.already_imported + (head.to_add - outcome),
    dropped: head.dropped,
    repeated: false,
  };
}
