import { api } from '../../../lib/api';

/** POST /api/MeasureIt/GetHouseholdMeasurement: the customer's measurement (`complete` says whether there is one). */
export const householdMeasurement = (sqldbid: number, customerNo: number) =>
  api('measureItHouseholdMeasurement', { body: { sqldbid, customerNo } });
