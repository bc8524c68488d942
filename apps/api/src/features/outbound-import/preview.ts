/**
 * The preview of an import (decision 030): every row of the file checked and kept in `outbound_import_rows` with
 * the reason it is dropped, if it is. The rows go in batches of JSON, and the checks that need the database are
 * joins of each batch (branch, scope, franchise, customer, flag codes, rows already imported), not a query per row;
 * repeats within the file are found by one statement at the end. All of it in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { checkImportHeader, checkImportRow, IMPORT_COLUMNS, importHasBranch, type ImportCallType } from '@cc/domain';
import type { ImportFranchiseFilter, ImportPreview, ImportProblem } from '@cc/contract';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.js';
import { branchInScope } from '../../db/main-branch.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import type { CsvEncoding, CsvRecord } from '../../lib/csv-import/index.js';

export const BATCH_ROWS = 5000;
/** Problems shown in the preview; the CSV download has them all. */
export const PROBLEMS_SHOWN = 1000;
/** A preview not imported within this long is forgotten. */
const PREVIEW_HOURS = 24;

export type Progress = (phase: 'reading' | 'checking' | 'staging' | 'importing', done: number, total: number) => void;

export interface PreviewInput {
  user: AuthUser;
  callType: ImportCallType;
  filter: ImportFranchiseFilter | null;
  fileName: string;
  encoding: CsvEncoding;
  header: readonly string[];
  records: readonly CsvRecord[];
}

interface StagedRow {
  line_no: number;
  problem: string | null;
  branchno: string;
  cust_no: number | null;
  first_name: string;
  last_name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  size: string | null;
  price_offer: string | null;
  service: string;
  date: string | null;
  call_source: string;
}

/** Settle what the request may import before anything is read: the header, the franchise, a branch for each row. */
export async function checkPreviewInput(db: Db, input: Omit<PreviewInput, 'records'>): Promise<void> {
  const header = checkImportHeader(input.callType, input.header);
  if (header) throw badRequest('file', header);
  if (!importHasBranch(input.callType) && !input.filter) {
    const article = /^[AEIOU]/.test(input.callType) ? 'an' : 'a';
    throw badRequest('franchise', `${article} ${input.callType} file names no branch: import it by franchise`);
  }
  if (input.filter) {
    const { branchNo, sqldbid } = input.filter.franchise;
    const found = await branchInScope(db, input.user.scope, branchNo, { active: true });
    // A franchise outside the user's scope is answered as a missing one.
    if (!found) throw notFound('Franchise not found.');
    if (found.sqldbid !== sqldbid) throw badRequest('franchise.sqldbid', `is not the franchise of branch ${branchNo}`);
  }
}

/** The row as it is staged: checked fields, or the fields as they came with the reason it is dropped. */
function stage(callType: ImportCallType, record: CsvRecord): StagedRow {
  const checked = checkImportRow(callType, record.fields);
  if (checked.ok) {
    const r = checked.row;
    return {
      line_no: record.line,
      problem: null,
      branchno: r.branchNo,
      cust_no: r.custNo,
      first_name: r.firstName,
      last_name: r.lastName,
      street: r.street,
      city: r.city,
      state: r.state,
      zip: r.zip,
      phone: r.phone,
      size: r.size,
      price_offer: r.priceOffer,
      service: r.service,
      date: r.date,
      call_source: r.callSource,
    };
  }
  // What the problems list can still show of a dropped row: its branch, customer number and name, where readable.
  const columns = IMPORT_COLUMNS[callType];
  const at = (field: string) => {
    const i = columns.findIndex(([, f]) => f === field);
    return i < 0 ? '' : (record.fields[i] ?? '').trim().slice(0, 200);
  };
  const cust = at('custNo');
  return {
    line_no: record.line,
    problem: checked.problem,
    branchno: at('branchNo').toUpperCase(),
    cust_no: /^\d{1,9}$/.test(cust) ? Number(cust) : null,
    first_name: at('firstName'),
    last_name: at('lastName'),
    street: '',
    city: '',
    state: '',
    zip: '',
    phone: '',
    size: null,
    price_offer: null,
    service: '',
    date: null,
    call_source: '',
  };
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The reason a row of a batch is dropped, checked in this order; null keeps it. */
function problemOf(input: Omit<PreviewInput, 'records'>): SQL {
  const filter = input.filter;
  const flagChecks: SQL[] = [];
  if (filter) {
    if (filter.excludedFlagCodes.length > 0) {
      flagChecks.push(
        sql`when fl.codes && array[${list(filter.excludedFlagCodes)}]::text[] then 'customer ' || j.cust_no || ' has an excluded flag code'`,
      );
    }
    if (filter.includedFlagCodes.length > 0) {
      flagChecks.push(
        sql`when fl.codes is not null and not (fl.codes && array[${list(filter.includedFlagCodes)}]::text[]) then 'customer ' || j.cust_no || ' has no included flag code'`,
      );
    }
    if (!filter.includeUnflagged) {
      flagChecks.push(sql`when fl.codes is null then 'customer ' || j.cust_no || ' has no flag code'`);
    }
  }
  return sql`case
    when j.problem is not null then j.problem
    when f.branchno is null and ${sql.raw(String(importHasBranch(input.callType)))} then 'unknown branch ' || j.branchno
    when c.customer_no is null and not ${sql.raw(String(importHasBranch(input.callType)))}
      then 'customer ' || j.cust_no || ' is outside the franchise'
    when not f.active then 'branch ' || f.branchno || ' is not active'
    when not (${inScope(input.user.scope, sql`f.branchno`)}) then 'branch ' || f.branchno || ' is outside your franchises'
    ${filter ? sql`when f.sqldbid <> ${filter.franchise.sqldbid} then 'branch ' || f.branchno || ' is not of the chosen franchise'` : sql``}
    when c.customer_no is null then 'customer ' || j.cust_no || ' is outside the franchise of branch ' || f.branchno
    ${sql.join(flagChecks, sql` `)}
  end`;
}

/** Insert one batch of staged rows, checked against the database on the way in. */
async function insertBatch(
  tx: DbOrTx,
  importId: string,
  input: Omit<PreviewInput, 'records'>,
  rows: StagedRow[],
): Promise<void> {
  const hasBranch = importHasBranch(input.callType);
  const joins = hasBranch
    ? sql`left join franchises f on f.branchno = j.branchno
          left join customers c on c.sqldbid = f.sqldbid and c.customer_no = j.cust_no`
    : sql`left join customers c on c.sqldbid = ${input.filter?.franchise.sqldbid ?? -1} and c.customer_no = j.cust_no
          left join franchises f on f.branchno = c.branchno`;
  const flags = input.filter
    ? sql`left join lateral (select array_agg(cf.flag_code) as codes from customer_flag_codes cf
            where cf.sqldbid = c.sqldbid and cf.customer_no = c.customer_no) fl on true`
    : sql``;
  await tx.execute(sql`
    insert into outbound_import_rows (import_id, line_no, problem, outcome, branchno, sqldbid, cust_no, first_name,
      last_name, street, city, state, zip, phone, size, price_offer, service, status_date, call_source, import_key)
    select ${importId}, s.line_no, s.problem,
      case when s.problem is null and exists (select 1 from outbound_calls o where o.import_key = s.import_key)
        then 'already' end,
      s.branchno, s.sqldbid, s.cust_no, s.first_name, s.last_name, s.street, s.city, s.state, s.zip, s.phone, s.size,
      s.price_offer, s.service, s.status_date, s.call_source, case when s.problem is null then s.import_key end
    from (
      select j.line_no, ${problemOf(input)} as problem,
        coalesce(f.branchno, j.branchno) as branchno, f.sqldbid, j.cust_no, j.first_name, j.last_name, j.street,
        j.city, j.state, j.zip, j.phone, j.size::numeric as size, j.price_offer::numeric as price_offer, j.service,
        (j.date::date)::timestamp at time zone 'America/Chicago' as status_date, j.call_source,
        ${input.callType} || '|' || f.sqldbid || '|' || j.cust_no || '|' || j.date || '|' || lower(j.service) as import_key
      from json_to_recordset(${JSON.stringify(rows)}::json) as j(line_no int, problem text, branchno text, cust_no int,
        first_name text, last_name text, street text, city text, state text, zip text, phone text, size text,
        price_offer text, service text, date text, call_source text)
      ${joins}
      ${flags}
    ) s`);
}

/** Check and keep the rows of a file; answers the preview the screen shows. */
export async function previewImport(db: Db, input: PreviewInput, progress?: Progress): Promise<ImportPreview> {
  const importId = randomUUID();
  const total = input.records.length;
  const staged = input.records.map((r) => stage(input.callType, r));
  progress?.('staging', 0, total);
  await db.transaction(async (tx) => {
    // A preview is forgotten after a day: the rows of one never imported, the problems of one imported.
    await tx.execute(sql`delete from outbound_import_rows where import_id in (select import_id from outbound_imports
      where created_at < now() - make_interval(hours => ${PREVIEW_HOURS}))`);
    await tx.execute(sql`insert into outbound_imports (import_id, user_id, call_type, franchise, file_name, total_rows)
      values (${importId}, ${input.user.userId}, ${input.callType},
        ${input.filter ? JSON.stringify(input.filter) : null}::jsonb, ${input.fileName}, ${total})`);
    for (let i = 0; i < staged.length; i += BATCH_ROWS) {
      await insertBatch(tx, importId, input, staged.slice(i, i + BATCH_ROWS));
      progress?.('staging', Math.min(i + BATCH_ROWS, total), total);
    }
    progress?.('checking', total, total);
    // A row repeated in the file is added once: the later ones are dropped.
    await tx.execute(sql`
      update outbound_import_rows r set problem = 'repeats line ' || d.first_line, outcome = null, import_key = null
      from (select line_no, min(line_no) over (partition by import_key) as first_line from outbound_import_rows
            where import_id = ${importId} and import_key is not null) d
      where r.import_id = ${importId} and r.line_no = d.line_no and d.line_no > d.first_line`);
    await tx.execute(sql`
      update outbound_imports i set to_add = c.to_add, already_imported = c.already, dropped = c.dropped
      from (select count(*) filter (where problem is null and outcome is null)::int as to_add,
                   count(*) filter (where problem is null and outcome = 'already')::int as already,
                   count(*) filter (where problem is not null)::int as dropped
            from outbound_import_rows where import_id = ${importId}) c
      where i.import_id = ${importId}`);
  });
  return readPreview(db, importId, input.encoding);
}

function problemRow(r: {
  line_no: number;
  problem: string;
  branchno: string | null;
  cust_no: number | null;
  first_name: string;
  last_name: string;
}): ImportProblem {
  return {
    line: r.line_no,
    reason: r.problem,
    branchNo: r.branchno ?? '',
    custNo: r.cust_no,
    name: `${r.first_name} ${r.last_name}`.trim(),
  };
}

export async function readPreview(db: DbOrTx, importId: string, encoding: CsvEncoding): Promise<ImportPreview> {
  const [head] = rowsOf<{
    call_type: ImportCallType;
    file_name: string;
    total_rows: number;
    to_add: number;
    already_imported: number;
    dropped: number;
  }>(
    await db.execute(sql`select call_type, file_name, total_rows, to_add, already_imported, dropped
      from outbound_imports where import_id = ${importId}`),
  );
  if (!head) throw notFound('Import not found.');
  const problems = rowsOf<Parameters<typeof problemRow>[0]>(
    await db.execute(sql`select line_no, problem, branchno, cust_no, first_name, last_name from outbound_import_rows
      where import_id = ${importId} and problem is not null order by line_no limit ${PROBLEMS_SHOWN}`),
  );
  const byBranch = rowsOf<{ branchNo: string; n: number }>(
    await db.execute(sql`select branchno as "branchNo", count(*)::int as n from outbound_import_rows
      where import_id = ${importId} and problem is null and outcome is null group by branchno order by branchno`),
  );
  return {
    importId,
    callType: head.call_type,
    fileName: head.file_name,
    encoding,
    totalRows: head.total_rows,
    toAdd: head.to_add,
    alreadyImported: head.already_imported,
    dropped: head.dropped,
    problems: problems.map(problemRow),
    byBranch,
  };
}

/** Every dropped row of an import of this user, for the problems CSV. */
export async function allProblems(db: Db, user: AuthUser, importId: string): Promise<ImportProblem[]> {
  const [own] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select 1 as n from outbound_imports where import_id = ${importId} and user_id = ${user.userId}`,
    ),
  );
  if (!own) throw notFound('Import not found.');
  return rowsOf<Parameters<typeof problemRow>[0]>(
    await db.execute(sql`select line_no, problem, branchno, cust_no, first_name, last_name from outbound_import_rows
      where import_id = ${importId} and problem is not null order by line_no`),
  ).map(problemRow);
}
