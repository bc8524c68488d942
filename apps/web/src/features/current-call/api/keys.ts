/** Query keys: every query of the call screen starts with 'current-call'. */
export const currentCallKey = ['current-call'] as const;
export const customerKey = (sqldbid: number, customerNo: number) =>
  [...currentCallKey, 'customer', sqldbid, customerNo] as const;
/** The customer's household measurement (MeasureIt), as the pricing tab shows its saved image. */
export const householdMeasurementKey = (sqldbid: number, customerNo: number) =>
  [...currentCallKey, 'household-measurement', sqldbid, customerNo] as const;
