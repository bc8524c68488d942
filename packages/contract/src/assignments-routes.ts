/**
 * Route-table rows of Assign Service Reps and Reassign Callbacks (administration.md §7, under /api/Utilities/; spread
 * into `routes` in routes.ts). Every call is the utilities' guard: roles 2, 5, 6, 7 (and 1).
 */
import { ACCESS } from '@cc/domain';
import {
  AssignmentDeleted,
  AssignmentIdParams,
  CallbacksQuery,
  CallbacksResponse,
  CsrAssignment,
  CsrAssignmentUpdate,
  CsrAssignmentsResponse,
  SccDbUsersResponse,
  SetGroupCallStatusRequest,
  SetGroupCallStatusResponse,
  SourceListParams,
  SourceListResponse,
  UpdateCallbacksRequest,
  UpdateCallbacksResponse,
} from './assignments.js';

const utilities = ACCESS.utilities;

export const assignmentRoutes = {
  getAllAssignments: {
    method: 'GET',
    path: '/api/Utilities/GetAllAssignments',
    access: utilities,
    response: CsrAssignmentsResponse,
  },
  updateCsrAssignment: {
    method: 'POST',
    path: '/api/Utilities/UpdateCsrAssignment',
    access: utilities,
    body: CsrAssignmentUpdate,
    response: CsrAssignment,
  },
  deleteCsrAssignment: {
    method: 'DELETE',
    path: '/api/Utilities/DeleteCsrAssignment/:assignmentId',
    access: utilities,
    params: AssignmentIdParams,
    response: AssignmentDeleted,
  },
  getSourceList: {
    method: 'GET',
    path: '/api/Utilities/GetSourceList/:designation',
    access: utilities,
    params: SourceListParams,
    response: SourceListResponse,
  },
  getSccDbUsers: {
    method: 'GET',
    path: '/api/Utilities/GetSCCDbUsers',
    access: utilities,
    response: SccDbUsersResponse,
  },
  setGroupCallStatus: {
    method: 'POST',
    path: '/api/Utilities/SetGroupCallStatus',
    access: utilities,
    body: SetGroupCallStatusRequest,
    response: SetGroupCallStatusResponse,
  },
  getCallbacks: {
    method: 'GET',
    path: '/api/Utilities/GetCallbacks',
    access: utilities,
    query: CallbacksQuery,
    response: CallbacksResponse,
  },
  updateCallbacks: {
    method: 'POST',
    path: '/api/Utilities/updateCallbacks',
    access: utilities,
    body: UpdateCallbacksRequest,
    response: UpdateCallbacksResponse,
  },
} as const;
