/**
 * Route-table rows of the phone lines (docs/decisions/081-phone-lines-extensions-live-state.md), spread into `routes`
 * in routes.ts. The list and its changes are utilities (roles 2, 5, 6, 7, and 1), in the caller's utilities scope;
 * the branch of a dialled number is read by the screen pop of a CSR who takes inbound calls, in the CSR's scope.
 */
import { ACCESS } from '@cc/domain';
import {
  DnisBranchQuery,
  DnisBranchResponse,
  PhoneLine,
  PhoneLinePath,
  PhoneLineRemoved,
  PhoneLineSave,
  PhoneLinesResponse,
} from './phone-lines.js';

export const phoneLineRoutes = {
  listPhoneLines: {
    method: 'GET',
    path: '/api/Utilities/phone-lines',
    access: ACCESS.utilities,
    response: PhoneLinesResponse,
  },
  addPhoneLine: {
    method: 'POST',
    path: '/api/Utilities/phone-lines',
    access: ACCESS.utilities,
    body: PhoneLineSave,
    response: PhoneLine,
  },
  updatePhoneLine: {
    method: 'PUT',
    path: '/api/Utilities/phone-lines/:PhoneLineId',
    access: ACCESS.utilities,
    params: PhoneLinePath,
    body: PhoneLineSave,
    response: PhoneLine,
  },
  deletePhoneLine: {
    method: 'DELETE',
    path: '/api/Utilities/phone-lines/:PhoneLineId',
    access: ACCESS.utilities,
    params: PhoneLinePath,
    response: PhoneLineRemoved,
  },
  dnisBranch: {
    method: 'GET',
    path: '/api/telephony/dnis-branch',
    access: ACCESS.inbound,
    query: DnisBranchQuery,
    response: DnisBranchResponse,
  },
} as const;
