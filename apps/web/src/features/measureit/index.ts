/** What other features use of MeasureIt: the edit screen's address and the announcement of a save (decision 040). */
export {
  announceMeasurementSaved,
  editMeasureItPath,
  MEASUREIT_CHANNEL,
  onMeasurementSaved,
  type EditMeasureItTarget,
  type MeasurementSaved,
} from './links';
