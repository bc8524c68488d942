/**
 * The measurement editor's state: the draft between the map, the size field and the reason; the shapes the map opens
 * on; whether the map has measured yet; whether a save was tried (its problems are shown from then on).
 */
import { useCallback, useState } from 'react';
import { useExternalSources } from '../api/queries';
import type { MeasureMapChange } from '../map';
import { draftOf, saveBodyOf, saveProblem, savedOfPrevious, type Draft, type SaveBody, type Saved } from '../model';
import type { PreviousMeasurement } from '../components/PreviousMeasurements';

export function useMeasurementDraft(saved: Saved, onSave: (body: SaveBody) => void) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  // The map reads its shapes when it opens: a copied measurement opens it again on the copy.
  const [mapStart, setMapStart] = useState(() => ({ key: 0, shapes: saved.shapes }));
  const [tried, setTried] = useState(false);
  // The map publishes its first measurement once it has opened; until then the size is not known.
  const [mapMeasured, setMapMeasured] = useState(false);
  const sources = useExternalSources();

  const onMapChange = useCallback((change: MeasureMapChange) => {
    setMapMeasured(true);
    setDraft((d) => ({
      ...d,
      geometry: change.geometry.coordinates.length > 0 ? change.geometry : null,
      drawnSquareFeet: change.measurement.squareFeet,
      tooLongShape: change.tooLong?.shapeIndex ?? null,
    }));
  }, []);
  // §4: clicking the map or dragging a marker clears the external flag.
  const onEditedByMap = useCallback(() => setDraft((d) => (d.external ? { ...d, external: false } : d)), []);

  const copy = (m: PreviousMeasurement) => {
    setDraft(draftOf(savedOfPrevious(m)));
    setMapStart((s) => ({ key: s.key + 1, shapes: m.shapes }));
  };

  // A size typed before the sources arrived takes the first ('Typed by hand') once they are here.
  const firstSource = sources.data?.[0]?.externalMeasurementSourceId ?? null;
  const effective = draft.external && draft.sourceId === null ? { ...draft, sourceId: firstSource } : draft;
  const problem = saveProblem(effective);
  const save = () => {
    setTried(true);
    if (problem === null) onSave(saveBodyOf(effective));
  };

  return { draft, setDraft, effective, mapStart, mapMeasured, tried, problem, onMapChange, onEditedByMap, copy, save };
}
