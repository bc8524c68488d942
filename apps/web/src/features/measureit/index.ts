/**
 * What other features use of MeasureIt: the edit screen's address and the announcement of a save (decision 040), the
 * reference lists, and the map's imagery configuration (no Leaflet: the maps themselves load it lazily; decision 044).
 */
export {
  announceMeasurementSaved,
  editMeasureItPath,
  MEASUREIT_CHANNEL,
  onMeasurementClosed,
  onMeasurementSaved,
  type MeasurementClosed,
  type EditMeasureItTarget,
  type MeasurementSaved,
} from './links';
export { useNotMeasuredReasons } from './api/queries';
export { MEASUREIT_TEXT } from './texts';
export { tileLayerOptions, useMapConfig, type MapConfig } from './map/tiles';
export { SavedImageThumbnail } from './components/SavedImageThumbnail';
