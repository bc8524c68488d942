/**
 * Route-table rows of the MeasureIt search and utilities (spread into `routes` in routes.ts; decision 041).
 * The search's calls are MeasureIt's (`ACCESS.measureIt`); the custom list's import, rename and delete are the
 * utilities' (`ACCESS.measureItUtilities`: roles 2, 5, 6 or 7, the spec's measureItUtilities guard). The list of
 * custom lists is read by both screens: any signed-in user, each list counted in the caller's scope.
 */
import { ACCESS } from '@cc/domain';
import { Ok } from './common.js';
import {
  ApplyNotMeasuredReasonRequest,
  ApplyNotMeasuredReasonResponse,
  CustomListImportQuery,
  CustomListImportResponse,
  CustomListPreview,
  CustomListPreviewQuery,
  CustomSearchListIdRequest,
  CustomSearchListsResponse,
  MeasureItFranchisesResponse,
  MeasureItODataQuery,
  MeasureItODataResponse,
  MeasureItPropertyCountRequest,
  MeasureItPropertyCountResponse,
  MeasureItPropertyListRequest,
  MeasureItPropertyListResponse,
  MeasureItZipCodesRequest,
  MeasureItZipCodesResponse,
  PitStatistics,
  PitStatisticsRequest,
  RenameCustomSearchListRequest,
  CustomSearchList,
} from './measureit-search.js';

const post = (
  name: string,
  access: typeof ACCESS.measureIt | typeof ACCESS.measureItUtilities | typeof ACCESS.applyReason = ACCESS.measureIt,
) => ({ method: 'POST', path: `/api/MeasureIt/${name}`, access }) as const;
const utilities = ACCESS.measureItUtilities;

export const measureItSearchRoutes = {
  measureItFranchises: { ...post('GetFranchises'), response: MeasureItFranchisesResponse },
  measureItZipCodes: { ...post('GetZipCodes'), body: MeasureItZipCodesRequest, response: MeasureItZipCodesResponse },
  measureItPropertyList: {
    ...post('GetPropertyList'),
    body: MeasureItPropertyListRequest,
    response: MeasureItPropertyListResponse,
  },
  measureItPropertyCount: {
    ...post('GetPropertyCount'),
    body: MeasureItPropertyCountRequest,
    response: MeasureItPropertyCountResponse,
  },
  measureItPitStatistics: { ...post('GetPitStatistics'), body: PitStatisticsRequest, response: PitStatistics },
  measureItApplyNotMeasuredReason: {
    ...post('ApplyNotMeasuredReason', ACCESS.applyReason),
    body: ApplyNotMeasuredReasonRequest,
    response: ApplyNotMeasuredReasonResponse,
  },
  measureItCustomSearchLists: {
    method: 'POST',
    path: '/api/MeasureIt/GetCustomSearchLists',
    access: ACCESS.signedIn,
    response: CustomSearchListsResponse,
  },
  /** The body is the file (text/csv or application/octet-stream). */
  measureItPreviewCustomSearchList: {
    ...post('PreviewCustomSearchList', utilities),
    query: CustomListPreviewQuery,
    response: CustomListPreview,
  },
  /** The body is the file; imports its rows found in the caller's scope in one transaction. */
  measureItImportCustomSearchList: {
    ...post('ImportCustomSearchList', utilities),
    query: CustomListImportQuery,
    response: CustomListImportResponse,
  },
  measureItRenameCustomSearchList: {
    ...post('RenameCustomSearchList', utilities),
    body: RenameCustomSearchListRequest,
    response: CustomSearchList,
  },
  measureItDeleteCustomSearchList: {
    ...post('DeleteCustomSearchList', utilities),
    body: CustomSearchListIdRequest,
    response: Ok,
  },
  /** The OData variant of the search (§7): the filters as query parameters, $count, $skip, $top, $orderby, $filter. */
  measureItODataProperties: {
    method: 'GET',
    path: '/api/odata/GetMeasureItProperties',
    access: ACCESS.measureIt,
    query: MeasureItODataQuery,
    response: MeasureItODataResponse,
  },
} as const;
