/**
 * Route-table rows of Franchise Maintenance and Resend Emails (spread into `routes` in routes.ts; decision 032).
 * Every call is under /api/Utilities/ (administration.md §7) and needs roles 2, 5, 6 or 7 (role 1 passes).
 */
import { ACCESS } from '@cc/domain';
import {
  BranchRequest,
  CompanyConfig,
  CompanyConfigUpdate,
  FailedEmailsResponse,
  HotProspectConfig,
  HotProspectConfigUpdate,
  InboundFollowUpConfig,
  InboundFollowUpConfigUpdate,
  ResendEmailRequest,
  ResendEmailResponse,
  ResendEmailsRequest,
  ResendEmailsResponse,
  SqldbidRequest,
} from './franchise-configs.js';

const access = ACCESS.utilities;

export const franchiseConfigRoutes = {
  getCompanyConfig: {
    method: 'POST',
    path: '/api/Utilities/GetCompanyConfig',
    access,
    body: SqldbidRequest,
    response: CompanyConfig,
  },
  updateCompanyConfig: {
    method: 'POST',
    path: '/api/Utilities/UpdateCompanyConfig',
    access,
    body: CompanyConfigUpdate,
    response: CompanyConfig,
  },
  getInboundFollowUpConfig: {
    method: 'POST',
    path: '/api/Utilities/GetInboundFollowUpConfig',
    access,
    body: BranchRequest,
    response: InboundFollowUpConfig,
  },
  updateInboundFollowUpConfig: {
    method: 'POST',
    path: '/api/Utilities/UpdateInboundFollowUpConfig',
    access,
    body: InboundFollowUpConfigUpdate,
    response: InboundFollowUpConfig,
  },
  getHotProspectConfig: {
    method: 'POST',
    path: '/api/Utilities/GetAdditionalServiceHotProspectConfig',
    access,
    body: BranchRequest,
    response: HotProspectConfig,
  },
  updateHotProspectConfig: {
    method: 'POST',
    path: '/api/Utilities/UpdateAdditionalServiceHotProspectConfig',
    access,
    body: HotProspectConfigUpdate,
    response: HotProspectConfig,
  },
  resendEmails: {
    method: 'POST',
    path: '/api/Utilities/ResendEmails',
    access,
    body: ResendEmailsRequest,
    response: ResendEmailsResponse,
  },
  getFailedEmails: {
    method: 'POST',
    path: '/api/Utilities/GetFailedEmails',
    access,
    response: FailedEmailsResponse,
  },
  resendEmail: {
    method: 'POST',
    path: '/api/Utilities/ResendEmail',
    access,
    body: ResendEmailRequest,
    response: ResendEmailResponse,
  },
} as const;
