/**
 * Reading an uploaded CSV file, for every import of the product (outbound calls now, MeasureIt's custom search list
 * later; decision 030): the bytes are decoded (ISO-8859-1 by default, UTF-8 when the file says so with a byte-order
 * mark or is valid UTF-8 with multi-byte characters), refused when they are no text, and split by csv-parse into
 * records with their line numbers. Nothing here knows what the columns mean.
 */
import { parse, CsvError } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import { csvCell } from '@cc/domain';

export type CsvEncoding = 'ISO-8859-1' | 'UTF-8';

/** A file that cannot be read as CSV: the message is for the user; the answer is a 400 and nothing is written. */
export class CsvFileError extends Error {
  override name = 'CsvFileError';
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Control bytes no text file holds (tab, line feed and carriage return are text). */
function isBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 65_536);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  return control > sample.length / 100;
}

/** The file's text and the encoding it was read in. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes.length === 0) throw new CsvFileError('The file is empty.');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || isBinary(bytes)) {
    throw new CsvFileError('The file is not a CSV file: it holds binary data.');
  }
  if (UTF8_BOM.every((b, i) => bytes[i] === b)) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF-8' };
  }
  if (bytes.some((b) => b >= 0x80)) {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
    } catch {
      // Not UTF-8: the spec's ISO-8859-1.
    }
  }
  return {
    text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'latin1'),
    encoding: 'ISO-8859-1',
  };
}

export interface CsvRecord {
  /** The line of the file the record starts on (1 is the header). */
  line: number;
  fields: string[];
}

/**
 * Split the text into its header and records (comma separator, double quotes, CRLF or LF; blank lines skipped).
 * Records of any column count are kept: the caller drops and counts those of the wrong count. Yields to the event
 * loop between chunks, so a large file does not hold the server; `onRecords` reports progress.
 */
export async function parseCsv(
  text: string,
  onRecords?: (count: number) => void,
): Promise<{ header: string[]; records: CsvRecord[] }> {
  const parser = parse({ relax_column_count: true, skip_empty_lines: true, info: true, delimiter: ',' });
  const records: CsvRecord[] = [];
  let header: string[] | null = null;
  const feeding = (async () => {
    const CHUNK = 1 << 20;
    for (let i = 0; i < text.length; i += CHUNK) {
      if (!parser.write(text.slice(i, i + CHUNK))) await new Promise((resolve) => parser.once('drain', resolve));
    }
    parser.end();
  })();
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header === null) {
        header = item.record.map((h) => h.trim());
        continue;
      }
      // info.lines is the line the record ends on; a record with quoted line breaks started earlier.
      const breaks = item.record.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0);
      records.push({ line: item.info.lines - breaks, fields: item.record });
      if (onRecords && records.length % 10_000 === 0) onRecords(records.length);
    }
    await feeding;
  } catch (error) {
    parser.destroy();
    if (error instanceof CsvError) throw new CsvFileError(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  if (header === null || header.every((h) => h === '')) throw new CsvFileError('The file is empty.');
  if (records.length === 0) throw new CsvFileError(ONE_LINE_MESSAGE);
  return { header, records };
}

/** A cell through the formula-injection rule (`csvCell`), in the form csv-stringify takes. */
function cast(value: string | number): string | { value: string; quoted: true } {
  const cell = csvCell(value);
  return cell.quoted ? { value: cell.text, quoted: true } : cell.text;
}

/**
 * CSV text of rows (a header first), quoted where needed, CRLF line ends: what a spreadsheet opens. The one writer of
 * every CSV the app answers, so every cell goes through `csvCell`: text a spreadsheet would read as a formula is
 * written as text (060-csv-formulas-filter-depth-floor-rights.md).
 */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify(rows as (string | number | null)[][], {
    record_delimiter: 'windows',
    cast: { string: cast, number: cast },
  });
}

/** Said of a file whose name does not end in .csv: a sentence that stands alone, as the screen shows it. */
export const CSV_NAME_MESSAGE = 'Choose a .csv file: the name of this one does not end in .csv.';

/**
 * Said of a file of one line: that line is read as the header row whether or not it is one (a file of one data
 * row and no header reads the same), so the message names neither as what the file has.
 */
export const ONE_LINE_MESSAGE = 'The file has only one line: a header row and at least one row under it are needed.';

/** Is this name that of a .csv file? An empty name (a script's upload) is taken as one. */
export function isCsvName(name: string): boolean {
  return name === '' || /\.csv$/i.test(name);
}
