/**
 * Route-table rows of MeasureIt (spread into `routes` in routes.ts; decision 036). Every call is under
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
/** Opening a measurement for edit (its lock) and saving it: MeasureIt.Measure. Cancelling stays open: it only lets go. */
const measure = (name: string) => ({ method: 'POST', path: `/api/MeasureIt/${name}`, access: ACCESS.measure }) as const;

export const measureItRoutes = {
  measureItGetProperty: { ...measure('GetProperty'), body: GetPropertyRequest, response: GetPropertyResponse },
  measureItCompleteProperty: {
    ...measure('CompleteProperty'),
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
    ...measure('GetAddressMeasurement'),
    body: GetAddressMeasurementRequest,
    response: GetAddressMeasurementResponse,
  },
  measureItCompleteAddressMeasurement: {
    ...measure('CompleteAddressMeasurement'),
    body: CompleteAddressMeasurementRequest,
    response: AddressMeasurementResponse,
  },
  measureItCancelAddressMeasurement: {
    ...post('CancelAddressMeasurement'),
    body: AddressMeasurementIdRequest,
    response: Released,
  },
  measureItGetCommercialLead: {
    ...measure('GetCommercialLeadMeasurement'),
    body: GetCommercialLeadRequest,
    response: GetCommercialLeadResponse,
  },
  measureItCompleteCommercialLead: {
    ...measure('CompleteCommercialLeadMeasurement'),
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
