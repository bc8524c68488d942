/**
 * The measurement editor every kind shares (a customer's property, an address, a commercial lead):
 * the map with its live total, the size field (typing sets the external flag, the map clears it), not measured with
 * a reason instead of a size, the previous measurements of a property, save and cancel.
 */
import { Suspense, useCallback, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MeasurementLock } from '@cc/contract';
import type { z } from 'zod';
import { useExternalSources, useNotMeasuredReasons } from '../api/queries';
import { LazyMeasureMap, type MeasureMapChange } from '../map';
import {
  draftOf,
  savedOfPrevious,
  saveBodyOf,
  saveProblem,
  sizeFieldValue,
  timeOf,
  type Draft,
  type SaveBody,
  type Saved,
} from '../model';
import { PreviousMeasurements, type PreviousMeasurement } from './PreviousMeasurements';
import { SavedImage } from './SavedImage';
import { BusyButton } from '../../../components/BusyButton';

export interface MeasurementEditorProps {
  center: { lat: number; lng: number };
  /** The measurement the editor starts from (what is saved now). */
  saved: Saved;
  /** A customer's or neighbour's property: its previous measurements are listed (by address and leads keep none). */
  propertyId?: number;
  lock: z.infer<typeof MeasurementLock> | null;
  saving: boolean;
  onSave: (body: SaveBody) => void;
  onCancel: () => void;
  /** The saved measurement's static image (ImagePath; empty when there is none). */
  imagePath?: string;
  /** What the image shows, for its alternative text (the address). */
  imageOf?: string;
  /** Fields of the kind (a commercial lead's contact), above the buttons. */
  children?: ReactNode;
}

export function MeasurementEditor({
  center,
  saved,
  propertyId,
  lock,
  saving,
  onSave,
  onCancel,
  imagePath = '',
  imageOf = 'the property',
  children,
}: MeasurementEditorProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  // The map reads its shapes when it opens: a copied measurement opens it again on the copy.
  const [mapStart, setMapStart] = useState(() => ({ key: 0, shapes: saved.shapes }));
  const [tried, setTried] = useState(false);
  // The map publishes its first measurement once it has opened; until then the size is not known.
  const [mapMeasured, setMapMeasured] = useState(false);
  const reasons = useNotMeasuredReasons();
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

  const typed = (value: string | number) => {
    const n = typeof value === 'number' ? value : Number(value.replace(/,/g, ''));
    setDraft((d) => ({
      ...d,
      mode: 'measured',
      external: true,
      typedSquareFeet: value === '' || Number.isNaN(n) ? null : n,
      sourceId: d.sourceId,
    }));
  };

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

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Suspense fallback={<Loader role="status" aria-label="Loading the map" />}>
          <LazyMeasureMap
            key={mapStart.key}
            center={center}
            value={mapStart.shapes}
            onChange={onMapChange}
            onEditedByMap={onEditedByMap}
            height={520}
          />
        </Suspense>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="sm">
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <SegmentedControl
                aria-label="Result"
                value={draft.mode}
                onChange={(mode) => setDraft((d) => ({ ...d, mode }))}
                data={[
                  { value: 'measured', label: 'Measured' },
                  { value: 'notMeasured', label: 'Not measured' },
                ]}
              />
              {draft.mode === 'measured' ? (
                <>
                  <NumberInput
                    label="Lawn size (sq ft)"
                    description={mapMeasured ? 'Drawn on the map, or typed by hand' : 'Loading the map…'}
                    placeholder="Loading the map…"
                    value={sizeFieldValue(draft, mapMeasured)}
                    onChange={typed}
                    min={0}
                    max={100_000_000}
                    decimalScale={2}
                    thousandSeparator=","
                    data-testid="measure-size"
                    rightSection={
                      draft.external ? (
                        <Badge size="xs" color="orange" variant="light" data-testid="measure-external">
                          External
                        </Badge>
                      ) : null
                    }
                    rightSectionWidth={draft.external ? 76 : undefined}
                  />
                  {draft.external && (
                    <Select
                      label="Size from"
                      data={(sources.data ?? []).map((s) => ({
                        value: String(s.externalMeasurementSourceId),
                        label: s.name,
                      }))}
                      value={effective.sourceId === null ? null : String(effective.sourceId)}
                      onChange={(v) => setDraft((d) => ({ ...d, sourceId: v === null ? null : Number(v) }))}
                      allowDeselect={false}
                    />
                  )}
                </>
              ) : (
                <Select
                  label="Reason not measured"
                  placeholder="Choose a reason"
                  data={(reasons.data ?? []).map((r) => ({ value: String(r.notMeasuredReasonId), label: r.name }))}
                  value={draft.reasonId === null ? null : String(draft.reasonId)}
                  onChange={(v) => setDraft((d) => ({ ...d, reasonId: v === null ? null : Number(v) }))}
                  error={tried && draft.reasonId === null ? 'Choose a reason' : undefined}
                />
              )}
            </Stack>
          </Paper>
          {children}
          {tried && problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" p="xs">
              {problem}
            </Alert>
          )}
          <Group justify="space-between">
            <BusyButton onClick={save} busy={saving}>
              Save
            </BusyButton>
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          </Group>
          {lock && (
            <Text size="xs" c="gray.7" data-testid="measure-lock">
              Open for you until {timeOf(lock.expiresAt)}; no one else can measure it meanwhile.
            </Text>
          )}
          {imagePath ? <SavedImage url={imagePath} of={imageOf} /> : null}
          {propertyId !== undefined && <PreviousMeasurements propertyId={propertyId} onCopy={copy} />}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
