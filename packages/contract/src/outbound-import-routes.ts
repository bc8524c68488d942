/**
 * Route-table rows of the CSV import of outbound calls (spread into `routes` in routes.ts; decision 030). The spec's
 * four calls under /api/Utilities/ (§7), and the screen's preview, import and problems list beside them.
 */
import { ACCESS } from '@cc/domain';
import {
  ActiveFranchisesResponse,
  FlagCodesResponse,
  ImportIdParams,
  ImportOutboundCallsByFranchiseRequest,
  ImportOutboundCallsRequest,
  ImportOutboundCallsResponse,
  ImportPreviewQuery,
  ImportProblemsCsv,
  ImportStreamLine,
  SqldbidParams,
} from './outbound-import.js';

export const outboundImportRoutes = {
  getActiveFranchises: {
    method: 'GET',
    path: '/api/Utilities/GetActiveFranchises',
    access: ACCESS.utilities,
    response: ActiveFranchisesResponse,
  },
  getFranchiseFlagCodes: {
    method: 'GET',
    path: '/api/Utilities/GetFranchiseFlagCodes/:sqldbid',
    access: ACCESS.utilities,
    params: SqldbidParams,
    response: FlagCodesResponse,
  },
  importOutboundCalls: {
    method: 'POST',
    path: '/api/Utilities/importOutboundCalls',
    access: ACCESS.utilities,
    body: ImportOutboundCallsRequest,
    response: ImportOutboundCallsResponse,
  },
  importOutboundCallsByFranchise: {
    method: 'POST',
    path: '/api/Utilities/ImportOutboundCallsByFranchise',
    access: ACCESS.utilities,
    body: ImportOutboundCallsByFranchiseRequest,
    response: ImportOutboundCallsResponse,
  },
  /** The body is the file (text/csv or application/octet-stream); the answer a stream of ImportStreamLine. */
  previewOutboundImport: {
    method: 'POST',
    path: '/api/Utilities/outboundImports/preview',
    access: ACCESS.utilities,
    query: ImportPreviewQuery,
    response: ImportStreamLine,
  },
  /** Imports a previewed file in one transaction; answers a stream of ImportStreamLine. */
  commitOutboundImport: {
    method: 'POST',
    path: '/api/Utilities/outboundImports/:importId/import',
    access: ACCESS.utilities,
    params: ImportIdParams,
    response: ImportStreamLine,
  },
  /** Every dropped row of a preview, as CSV (text/csv). */
  outboundImportProblems: {
    method: 'GET',
    path: '/api/Utilities/outboundImports/:importId/problems',
    access: ACCESS.utilities,
    params: ImportIdParams,
    response: ImportProblemsCsv,
  },
} as const;
