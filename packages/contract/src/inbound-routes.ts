/**
 * Route-table rows of the inbound call: the customer searches, the address checks and the franchise lookup
 * (spread into `routes` in routes.ts).
 */
import { ACCESS } from '@cc/domain';
import type { RouteDef } from './route-def.js';
import {
  AutocompleteRequest,
  AutocompleteResponse,
  CompanyInfoRequest,
  CompanyInfoResponse,
  FormatAddressResponse,
  FranchiseLookupQuery,
  FranchiseLookupResponse,
  InboundSearchRequest,
  InboundSearchResponse,
  StreetParts,
  ValidateZipRequest,
  ValidateZipResponse,
} from './inbound.js';

export const inboundRoutes = {
  searchCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchCustomers',
    access: ACCESS.inbound,
    body: InboundSearchRequest,
    response: InboundSearchResponse,
  },
  searchCofCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchcofCustomers',
    access: ACCESS.inbound,
    body: InboundSearchRequest,
    response: InboundSearchResponse,
  },
  searchIndCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchindCustomers',
    access: ACCESS.inbound,
    body: InboundSearchRequest,
    response: InboundSearchResponse,
  },
  validateZipCode: {
    method: 'POST',
    path: '/api/inbound/validateZipCode',
    access: ACCESS.inbound,
    body: ValidateZipRequest,
    response: ValidateZipResponse,
  },
  autocompleteAddress: {
    method: 'POST',
    path: '/api/inbound/autocompleteAddress',
    access: ACCESS.inbound,
    body: AutocompleteRequest,
    response: AutocompleteResponse,
  },
  formatAddress: {
    method: 'POST',
    path: '/api/inbound/formatAddress',
    access: ACCESS.inbound,
    body: StreetParts,
    response: FormatAddressResponse,
  },
  getCompanyInfo: {
    method: 'POST',
    path: '/api/inbound/getCompanyInfo',
    access: ACCESS.inbound,
    body: CompanyInfoRequest,
    response: CompanyInfoResponse,
  },
  franchiseLookup: {
    method: 'GET',
    path: '/api/inbound/franchises',
    access: ACCESS.inbound,
    query: FranchiseLookupQuery,
    response: FranchiseLookupResponse,
  },
} as const satisfies Record<string, RouteDef>;
