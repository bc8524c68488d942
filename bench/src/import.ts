/**
 * The CSV import scenario (100,000 rows preview and import in under 30 s on PostgreSQL; decision 030).
 * One run, not a load: a Cancel file of BENCH_IMPORT_ROWS real customers (new rows: the service names the run) is
 * uploaded to the real server as the browser sends it, previewed, then imported, each answer read to its last line.
 * The outbound counts must have moved by exactly the rows added. The run's rows are deleted afterwards, so the
 * benchmark database keeps its size and is reused next time.
 */
import pg from 'pg';

export const IMPORT_SCENARIO = 'import: CSV preview + import (one file)';

export interface ImportMeasure {
  rows: number;
  bytes: number;
  previewSeconds: number;
  importSeconds: number;
  added: number;
  /** Deleting the run's rows afterwards (a hard delete of outbound rows: see migration 0027). */
  cleanupSeconds: number;
}

interface Line {
  phase: string;
  preview?: { importId: string; toAdd: number; dropped: number };
  result?: { added: number };
  message?: string;
}

async function lastLine(response: Response, what: string): Promise<Line> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  const lines = text.trim().split('\n');
  const last = JSON.parse(lines.at(-1) ?? '{}') as Line;
  if (last.phase !== 'done') throw new Error(`${what} ended with ${JSON.stringify(last)}`);
  return last;
}

export async function measureImport(
  url: string,
  token: string,
  databaseUrl: string,
  rows: number,
): Promise<ImportMeasure> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const service = `Bench ${new Date().toISOString()}`;
  let measured: Omit<ImportMeasure, 'cleanupSeconds'> | undefined;
  let cleanupSeconds: number;
  try {
    const { rows: customers } = await client.query<{
      branchno: string;
      customer_no: number;
      first_name: string;
      city: string;
      state: string;
      zip: string;
    }>(`select branchno, customer_no, first_name, city, state, zip from customers order by customer_id desc limit $1`, [
      rows,
    ]);
    if (customers.length < rows) throw new Error(`the database holds ${customers.length} customers, not ${rows}`);
    const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    const today = new Date();
    const date = `${today.getMonth() + 1}/${today.getDate()}/${today.getFullYear()}`;
    const file = Buffer.from(
      [
        'Branch Num,Cust Num,FirstName,StreetAddress,City,State,zip,LawnSize,PriceOffer,Service,Cancel Date,CallSource',
        ...customers.map((c) =>
          [
            c.branchno,
            c.customer_no,
            quote(c.first_name),
            '"1 Main St, Suite 2"',
            quote(c.city),
            c.state,
            c.zip,
            '6.5',
            '$45.00',
            service,
            date,
            'Bench',
          ].join(','),
        ),
      ].join('\r\n') + '\r\n',
      'latin1',
    );
    const counted = async () => {
      const { rows: counts } = await client.query<{ n: number }>(
        `select coalesce(sum(n), 0)::int as n from outbound_counts where type = 'Cancel'`,
      );
      return Number(counts[0]?.n ?? 0);
    };
    const before = await counted();
    const auth = { authorization: `Bearer ${token}` };

    let started = performance.now();
    const previewed = await lastLine(
      await fetch(`${url}/api/Utilities/outboundImports/preview?callType=Cancel&fileName=bench.csv`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: file,
      }),
      'the preview',
    );
    const previewSeconds = (performance.now() - started) / 1000;
    const preview = previewed.preview;
    if (!preview) throw new Error('the preview answered no preview');
    if (preview.toAdd !== rows)
      throw new Error(`the preview would add ${preview.toAdd} of ${rows} rows (${preview.dropped} dropped)`);

    started = performance.now();
    const imported = await lastLine(
      await fetch(`${url}/api/Utilities/outboundImports/${preview.importId}/import`, { method: 'POST', headers: auth }),
      'the import',
    );
    const importSeconds = (performance.now() - started) / 1000;
    const added = imported.result?.added ?? 0;
    if (added !== rows) throw new Error(`the import added ${added} of ${rows} rows`);
    const after = await counted();
    if (after !== before + rows) throw new Error(`the Cancel counts moved by ${after - before}, not ${rows}`);
    measured = { rows, bytes: file.length, previewSeconds, importSeconds, added };
  } finally {
    const started = performance.now();
    // Leave the benchmark database as it was (its outbound row count decides whether it is reused).
    await client.query(`delete from outbound_calls where type = 'Cancel' and service = $1 and call_source = 'Bench'`, [
      service,
    ]);
    await client.query(
      `delete from outbound_import_rows where import_id in (select import_id from outbound_imports where file_name = 'bench.csv');
       delete from outbound_imports where file_name = 'bench.csv'`,
    );
    cleanupSeconds = (performance.now() - started) / 1000;
    await client.end();
  }
  if (!measured) throw new Error('the import was not measured');
  return { ...measured, cleanupSeconds };
}
