/**
 * The measurement editor every kind shares (a customer's property, an address, a commercial lead):
 * the map with its live total, the size field (typing sets the external flag, the map clears it), not measured with
 * a reason instead of a size, the previous measurements of a property, save and cancel.
 */
import { Suspense, type ReactNode } from 'react';
import { Alert, Button, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MeasurementLock } from '@cc/contract';
import type { z } from 'zod';
import { LazyMeasureMap } from '../map';
import { timeOf, type SaveBody, type Saved } from '../model';
import { useMeasurementDraft } from '../hooks/useMeasurementDraft';
import { PreviousMeasurements } from './PreviousMeasurements';
import { ResultFields } from './ResultFields';
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
  const { draft, setDraft, effective, mapStart, mapMeasured, tried, problem, onMapChange, onEditedByMap, copy, save } =
    useMeasurementDraft(saved, onSave);

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
          <ResultFields
            draft={draft}
            effective={effective}
            setDraft={setDraft}
            mapMeasured={mapMeasured}
            tried={tried}
          />
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
