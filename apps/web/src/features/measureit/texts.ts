/** MeasureIt's texts (administration.md §8), exactly as the spec quotes them. */
export const MEASUREIT_TEXT = {
  propertySaved: 'Property Measurement Saved...',
  /** §8 quotes '... by Address Saved...': the leading words are the property measurement's (decision 040). */
  addressSaved: 'Property Measurement by Address Saved...',
  commercialSaved: 'Commercial Lead Property Measurement Saved...',
  editCancelled: 'Measurement Edit Cancelled...',
  copied: 'Measurement Copied...',
  copyCancelled: 'Measurement Copy Cancelled...',
} as const;
