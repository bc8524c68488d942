/**
 * Demo flag codes (decision 030): each franchise has the same few codes, put on a spread of its customers, so an
 * import by franchise has something to include and exclude.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';

export const DEMO_FLAG_CODES: readonly { code: string; description: string; modulo: number }[] = [
  { code: 'VIP', description: 'Valued customer', modulo: 7 },
  { code: 'NOSOL', description: 'Do not solicit', modulo: 11 },
  { code: 'PASTDUE', description: 'Balance past due', modulo: 13 },
];

export async function seedFlagCodes(tx: DbOrTx): Promise<void> {
  for (const f of DEMO_FLAG_CODES) {
    await tx.execute(sql`insert into franchise_flag_codes (sqldbid, flag_code, description)
      select distinct sqldbid, ${f.code}, ${f.description} from franchises`);
    await tx.execute(sql`insert into customer_flag_codes (sqldbid, customer_no, flag_code)
      select sqldbid, customer_no, ${f.code} from customers where customer_no % ${f.modulo} = 0`);
  }
}
