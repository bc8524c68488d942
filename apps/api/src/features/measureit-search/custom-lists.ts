/**
 * Custom customer search lists (administration.md §2, §3, §5, §7; decision 041): a CSV file with the header
 * BranchNo, CustNo (ISO-8859-1 or UTF-8, .csv; read by the shared csv-import module) is previewed (rows found, not
 * found, outside the caller's scope, dropped) and imported in one transaction, keeping the rows found in scope. The
 * import's request id makes a retry answer the list already imported. Lists are listed, renamed and deleted.
 */
import { sql } from 'drizzle-orm';
import { CUSTOM_LIST_COLUMNS, type CustomListPreview } from '@cc/contract';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { CSV_NAME_MESSAGE, CsvFileError, decodeCsv, isCsvName, parseCsv } from '../../lib/csv-import/index.js';

/** The most rows a list may hold. */
export const CUSTOM_LIST_MAX_ROWS = 100_000;
const SHOWN_PROBLEMS = 200;

type Problem = CustomListPreview['problems'][number];
interface Checked {
  preview: CustomListPreview;
  /** The rows to keep: found and in scope, once each. */
  keep: { branchNo: string; custNo: number }[];
}

/** Read the file and judge every row against the customers and the caller's scope (writes nothing). */
export async function checkFile(db: DbOrTx, user: AuthUser, fileName: string, body: unknown): Promise<Checked> {
  if (!Buffer.isBuffer(body)) throw badRequest('file', 'send the file itself as text/csv');
  if (!isCsvName(fileName)) throw badRequest('file', CSV_NAME_MESSAGE);
  let decoded: ReturnType<typeof decodeCsv>;
  let parsed: Awaited<ReturnType<typeof parseCsv>>;
  try {
    decoded = decodeCsv(body);
    parsed = await parseCsv(decoded.text);
  } catch (error) {
    if (error instanceof CsvFileError) throw badRequest('file', error.message);
    throw error;
  }
  const header = parsed.header.map((h) => h.replace(/^\ufeff/, '').toLowerCase());
  const at = CUSTOM_LIST_COLUMNS.map((c) => header.indexOf(c.toLowerCase()));
  const missing = CUSTOM_LIST_COLUMNS.filter((_, i) => at[i] === -1);
  if (missing.length > 0) {
    throw badRequest('file', `the header must name ${CUSTOM_LIST_COLUMNS.join(', ')}; ${missing.join(', ')} missing`);
  }
  if (parsed.records.length > CUSTOM_LIST_MAX_ROWS) {
    throw badRequest('file', `has ${parsed.records.length} rows; a list holds at most ${CUSTOM_LIST_MAX_ROWS}`);
  }
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const candidates: { line: number; branchNo: string; custNo: number }[] = [];
  let dropped = 0;
  for (const record of parsed.records) {
    const branchNo = (record.fields[at[0]!] ?? '').trim();
    const custText = (record.fields[at[1]!] ?? '').trim();
    const custNo = Number(custText);
    const bad =
      record.fields.length !== parsed.header.length ||
      branchNo === '' ||
      branchNo.length > 20 ||
      !/^\d{1,9}$/.test(custText);
    if (bad || seen.has(`${branchNo}|${custNo}`)) {
      dropped++;
      problems.push({ line: record.line, branchNo, custNo: custText, reason: bad ? 'bad row' : 'duplicate' });
      continue;
    }
    seen.add(`${branchNo}|${custNo}`);
    candidates.push({ line: record.line, branchNo, custNo });
  }
  // Each candidate: is it a customer, and is its branch in the caller's scope? One statement for the file.
  const judged =
    candidates.length === 0
      ? []
      : rowsOf<{ i: number; found: boolean; scoped: boolean }>(
          await db.execute(sql`select u.i, (c.customer_no is not null) as found,
              coalesce(${inScope(user.scope, sql`u.b`)}, false) as scoped
            from jsonb_to_recordset(${JSON.stringify(candidates.map((c, i) => ({ i, b: c.branchNo, n: c.custNo })))}::jsonb)
              as u(i int, b text, n int)
            left join lateral (select c.customer_no from customers c
              where c.branchno = u.b and c.customer_no = u.n limit 1) c on true
            order by u.i`),
        );
  let found = 0;
  let notFoundCount = 0;
  let outsideScope = 0;
  const keep: Checked['keep'] = [];
  for (const row of judged) {
    const c = candidates[row.i]!;
    if (!row.scoped) {
      outsideScope++;
      problems.push({ line: c.line, branchNo: c.branchNo, custNo: String(c.custNo), reason: 'outside your scope' });
    } else if (!row.found) {
      notFoundCount++;
      problems.push({ line: c.line, branchNo: c.branchNo, custNo: String(c.custNo), reason: 'not found' });
    } else {
      found++;
      keep.push({ branchNo: c.branchNo, custNo: c.custNo });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return {
    preview: {
      fileName,
      encoding: decoded.encoding,
      rows: parsed.records.length,
      found,
      notFound: notFoundCount,
      outsideScope,
      dropped,
      problems: problems.slice(0, SHOWN_PROBLEMS),
    },
    keep,
  };
}
