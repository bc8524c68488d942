import type { RouteBody } from '@cc/contract';
import { api } from '../../../lib/api';

export type WorkStateSaveBody = RouteBody<'saveCallWorkState'>;

/** GET /api/call-center/work-state/{sqldbid}/{customerNo}: this CSR's working state of the call, or null. */
export const getWorkState = (sqldbid: number, customerNo: number, signal?: AbortSignal) =>
  api('callWorkState', { params: { sqldbid, customerNo }, signal });

/** PUT the same: save it (the CSR holds the call). */
export const saveWorkState = (sqldbid: number, customerNo: number, body: WorkStateSaveBody) =>
  api('saveCallWorkState', { params: { sqldbid, customerNo }, body });
