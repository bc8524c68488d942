/** The call search's grid over the outbound calls (decision 033): every field a row has, and nothing else. */
import { sql } from 'drizzle-orm';
import type { CallSearchRow } from '@cc/contract';
import { callTime, frozen } from '../../db/sql.js';
import { outboundCalls as o } from '../../db/schema/index.js';
import { defineGrid, type GridField } from '../../lib/grid-query/grid.js';
import { jsonRow, rowColumns } from '../../lib/grid-query/json-row.js';

/**
 * The FROM of every search: a call and the CSR its callback belongs to (cb). The CSR who last worked it is named on
 * the call itself (last_access_csr_name, kept by triggers: migration 0035), so that its sort has an index.
 */
export const FROM = frozen(sql`${o}
  left join users cb on cb.user_id = ${o.callBackCsr}`);

const name = (alias: string) => sql.raw(`coalesce(${alias}.first_name || ' ' || ${alias}.last_name, '')`);

const FIELDS: Record<keyof CallSearchRow, GridField> = {
  OutboundId: { sql: sql`${o.outboundId}`, type: 'integer' },
  Id: { sql: sql`${o.id}`, type: 'integer', nullable: true },
  Type: { sql: sql`${o.type}`, type: 'text' },
  CallSource: { sql: sql`${o.callSource}`, type: 'text' },
  CallAttempts: { sql: sql`${o.callAttempts}`, type: 'integer' },
  callOrigin: { sql: sql`${o.callOrigin}`, type: 'text' },
  callBackCSR: { sql: sql`${o.callBackCsr}`, type: 'integer', nullable: true },
  callBackCSRName: { sql: name('cb'), type: 'text' },
  callBackDate: { sql: sql`${o.callBackDate}`, type: 'datetime', nullable: true },
  callComplete: { sql: sql`${o.callComplete}`, type: 'boolean' },
  lastAccessDate: { sql: sql`${o.lastAccessDate}`, type: 'datetime', nullable: true },
  lastAccessCSR: { sql: sql`${o.lastAccessCsr}`, type: 'integer', nullable: true },
  agentName: { sql: sql`${o.lastAccessCsrName}`, type: 'text' },
  branchNo: { sql: sql`${o.branchNo}`, type: 'text' },
  cust_No: { sql: sql`${o.custNo}`, type: 'integer', nullable: true },
  SQLDBID: { sql: sql`${o.sqldbid}`, type: 'integer' },
  FirstName: { sql: sql`${o.firstName}`, type: 'text' },
  LastName: { sql: sql`${o.lastName}`, type: 'text' },
  CallStatus: { sql: sql`${o.callStatus}`, type: 'text' },
};

export const CALL_SEARCH_GRID = defineGrid({ fields: FIELDS, key: sql`${o.outboundId}` });

/** A row's value as the app shows it: times in the call centre's clock. */
const shown = (def: GridField) => (def.type === 'datetime' ? callTime(def.sql) : def.sql);

/** The row as JSON, written by the database (the search's page, RawJson). */
export const ROW_JSON = frozen(jsonRow(FIELDS, shown));

/** The row's columns with the contract's names; times as the app shows them (the export). */
export const ROW_COLUMNS = frozen(rowColumns(FIELDS, shown));
