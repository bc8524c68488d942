/** The call search's grid over the outbound calls (decision 033): every field a row has, and nothing else. */
import { sql, type SQL } from 'drizzle-orm';
import type { CallSearchRow } from '@cc/contract';
import { callTime, frozen } from '../../db/sql.js';
import { outboundCalls as o } from '../../db/schema/index.js';
import { defineGrid, type GridField } from '../../lib/grid-query/grid.js';
import { rowColumns } from '../../lib/grid-query/json-row.js';

/**
 * The FROM of every search: the call alone. The names of its callback CSR (the grid's agent) and of the CSR who last
 * worked it are kept on the call by triggers (migrations 0035, 0042), so that their sorts have indexes.
 */
export const FROM = frozen(sql`${o}`);

/**
 * A text column sorted with blank values last both ways (decision 062): sorted as null when empty, each direction
 * served by its own index (migration 0042's `nullif(…, '')` indexes).
 */
const blankLast = (column: SQL): Pick<GridField, 'sortBy'> => ({
  sortBy: [{ sql: sql`nullif(${column}, '')`, type: 'text', nullable: true }],
});

const FIELDS: Record<keyof CallSearchRow, GridField> = {
  OutboundId: { sql: sql`${o.outboundId}`, type: 'integer' },
  Id: { sql: sql`${o.id}`, type: 'integer', nullable: true },
  Type: { sql: sql`${o.type}`, type: 'text' },
  CallSource: { sql: sql`${o.callSource}`, type: 'text' },
  CallAttempts: { sql: sql`${o.callAttempts}`, type: 'integer' },
  callOrigin: { sql: sql`${o.callOrigin}`, type: 'text' },
  callBackCSR: { sql: sql`${o.callBackCsr}`, type: 'integer', nullable: true },
  callBackCSRName: { sql: sql`${o.callBackCsrName}`, type: 'text', ...blankLast(sql`${o.callBackCsrName}`) },
  callBackDate: { sql: sql`${o.callBackDate}`, type: 'datetime', nullable: true },
  callComplete: { sql: sql`${o.callComplete}`, type: 'boolean' },
  lastAccessDate: { sql: sql`${o.lastAccessDate}`, type: 'datetime', nullable: true },
  lastAccessCSR: { sql: sql`${o.lastAccessCsr}`, type: 'integer', nullable: true },
  agentName: { sql: sql`${o.lastAccessCsrName}`, type: 'text', ...blankLast(sql`${o.lastAccessCsrName}`) },
  branchNo: { sql: sql`${o.branchNo}`, type: 'text' },
  cust_No: { sql: sql`${o.custNo}`, type: 'integer', nullable: true },
  SQLDBID: { sql: sql`${o.sqldbid}`, type: 'integer' },
  FirstName: { sql: sql`${o.firstName}`, type: 'text', ...blankLast(sql`${o.firstName}`) },
  LastName: { sql: sql`${o.lastName}`, type: 'text', ...blankLast(sql`${o.lastName}`) },
  CallStatus: { sql: sql`${o.callStatus}`, type: 'text' },
};

export const CALL_SEARCH_GRID = defineGrid({ fields: FIELDS, key: sql`${o.outboundId}` });

/** A row's value as the app shows it: times in the call centre's clock. */
const shown = (def: GridField) => (def.type === 'datetime' ? callTime(def.sql) : def.sql);

/** The row's columns with the contract's names; times as the app shows them (the page and the export). */
export const ROW_COLUMNS = frozen(rowColumns(FIELDS, shown));
