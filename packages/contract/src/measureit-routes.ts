/**
 * Route-table rows of MeasureIt (spread into `routes` in routes.ts; issue 18; decision 036). Every call is under
 * /api/MeasureIt/ (administration.md §7): POST, but the external measurement sources, which are a GET. MeasureIt's
 * rule is the MeasureIt application (a measureItToolOnly user keeps only it); the household measurement is read by
 * the call screen too.
 */
import { ACCESS } from '@cc/domain';
import {
  AddressMeasurementIdRequest,
  AddressMeasurementResponse,
  CommercialLeadIdRequest,
  CommercialLeadResponse,
  CommercialMeasurementRequest,
  CompleteAddressMeasurementRequest,
  CompleteCommercialLeadRequest,
  CompletePropertyRequest,
  CompletePropertyResponse,
  ExternalMeasurementSourcesResponse,
  GetAddressMeasurementRequest,
  GetAddressMeasurementResponse,
  GetCommercialLeadRequest,
  GetCommercialLeadResponse,
  GetPropertyRequest,
  GetPropertyResponse,
  HouseholdMeasurement,
  HouseholdMeasurementRequest,
  MeasureItBranchesRequest,
  MeasureItBranchesResponse,
  NotMeasuredReasonsResponse,
  PreviousMeasurementsResponse,
  PropertyIdRequest,
  Released,
} from './measureit.js';

const access = ACCESS.measureIt;
const post = (name: string) => ({ method: 'POST', path: `/api/MeasureIt/${name}`, access }) as const;

export const measureItRoutes = {
  measureItGetProperty: { ...post('GetProperty'), body: GetPropertyRequest, response: GetPropertyResponse },
  measureItCompleteProperty: {
    ...post('CompleteProperty'),
    body: CompletePropertyRequest,
    response: CompletePropertyResponse,
  },
  measureItCancelProperty: { ...post('CancelProperty'), body: PropertyIdRequest, response: Released },
  measureItPreviousMeasurements: {
    ...post('GetPreviousMeasurements'),
    body: PropertyIdRequest,
    response: PreviousMeasurementsResponse,
  },
  measureItNotMeasuredReasons: { ...post('GetNotMeasuredReasons'), response: NotMeasuredReasonsResponse },
  measureItExternalMeasurementSources: {
    method: 'GET',
    path: '/api/MeasureIt/GetExternalMeasurementSources',
    access,
    response: ExternalMeasurementSourcesResponse,
  },
  measureItHouseholdMeasurement: {
    method: 'POST',
    path: '/api/MeasureIt/GetHouseholdMeasurement',
    access: ACCESS.measureItOrCall,
    body: HouseholdMeasurementRequest,
    response: HouseholdMeasurement,
  },
  measureItCommercialMeasurement: {
    ...post('GetCommercialMeasurement'),
    body: CommercialMeasurementRequest,
    response: HouseholdMeasurement,
  },
  measureItGetAddressMeasurement: {
    ...post('GetAddressMeasurement'),
    body: GetAddressMeasurementRequest,
    response: GetAddressMeasurementResponse,
  },
  measureItCompleteAddressMeasurement: {
    ...post('CompleteAddressMeasurement'),
    body: CompleteAddressMeasurementRequest,
    response: AddressMeasurementResponse,
  },
  measureItCancelAddressMeasurement: {
    ...post('CancelAddressMeasurement'),
    body: AddressMeasurementIdRequest,
    response: Released,
  },
  measureItGetCommercialLead: {
    ...post('GetCommercialLeadMeasurement'),
    body: GetCommercialLeadRequest,
    response: GetCommercialLeadResponse,
  },
  measureItCompleteCommercialLead: {
    ...post('CompleteCommercialLeadMeasurement'),
    body: CompleteCommercialLeadRequest,
    response: CommercialLeadResponse,
  },
  measureItBranches: {
    ...post('GetBranches'),
    body: MeasureItBranchesRequest,
    response: MeasureItBranchesResponse,
  },
  measureItCancelCommercialLead: {
    ...post('CancelCommercialLeadMeasurement'),
    body: CommercialLeadIdRequest,
    response: Released,
  },
} as const;
