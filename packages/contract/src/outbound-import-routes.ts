/**
 * Route-table rows of the CSV import of outbound calls (spread into `routes` in routes.ts; decision 030). The spec's
 * four calls under /api/Utilities/ (§7), and the screen's preview, import and problems list beside them. Importing
 * needs Utilities.ImportCalls beside the utilities' roles; the active franchises are read by other utilities too.
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
    access: ACCESS.importCalls,
    params: SqldbidParams,
    response: FlagCodesResponse,
  },
  importOutboundCalls: {
    method: 'POST',
    path: '/api/Utilities/importOutboundCalls',
    access: ACCESS.importCalls,
    body: ImportOutboundCallsRequest,
    response: ImportOutboundCallsResponse,
  },
  importOutboundCallsByFranchise: {
    method: 'POST',
    path: '/api/Utilities/ImportOutboundCallsByFranchise',
    access: ACCESS.importCalls,
    body: ImportOutboundCallsByFranchiseRequest,
    response: ImportOutboundCallsResponse,
  },
  /** The body is the file (text/csv or application/octet-stream); the answer a stream of ImportStreamLine. */
  previewOutboundImport: {
    method: 'POST',
    path: '/api/Utilities/outboundImports/preview',
    access: ACCESS.importCalls,
    query: ImportPreviewQuery,
    response: ImportStreamLine,
  },
  /** Imports a previewed file in one transaction; answers a stream of ImportStreamLine. */
  commitOutboundImport: {
    method: 'POST',
    path: '/api/Utilities/outboundImports/:importId/import',
    access: ACCESS.importCalls,
    params: ImportIdParams,
    response: ImportStreamLine,
  },
  /** Every dropped row of a preview, as CSV (text/csv). */
  outboundImportProblems: {
    method: 'GET',
    path: '/api/Utilities/outboundImports/:importId/problems',
    access: ACCESS.importCalls,
    params: ImportIdParams,
    response: ImportProblemsCsv,
  },
} as const;
