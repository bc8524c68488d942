/**
 * MeasureIt's drawing component (decision 037): the satellite imagery of the configuration
 * (GET /api/MeasureIt/mapConfig) centred on the property at zoom 19-20, with Leaflet-Geoman (free edition) to draw
 * lawn areas, cut out beds and buildings, drag and delete vertices; an undo of its own; each shape's vertices in
 * its point colour; a live panel measured with the domain's sphere. Loaded lazily (index.ts) so no other page
 * downloads Leaflet. The map itself is made in create-measure-map.ts; this component shows what it reports.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { MultiPolygonGeometry } from '@cc/domain';
import { useMapConfig } from './tiles';
import type { MeasureMapChange } from './model';
import { createMeasureMap, type MeasureMapHandle } from './create-measure-map';
import { MeasurementPanel } from './MeasurementPanel';
import { useLatest } from '../../../lib/use-latest';
import { markShown } from '../../../lib/shown';

export type { MeasureMapChange } from './model';

export interface MeasureMapProps {
  /** The property's position: the map opens centred on it. */
  center: { lat: number; lng: number };
  /** The shapes to start from (a saved or copied measurement); read when the map opens and when it changes. */
  value?: MultiPolygonGeometry | null;
  /** Every change of the shapes, with their measurement and whether the static image URL would be too long. */
  onChange?: (change: MeasureMapChange) => void;
  /** The user clicked the map or moved a vertex: the screen clears its "measured elsewhere" flag. */
  onEditedByMap?: () => void;
  /** Map height (CSS). */
  height?: number | string;
}

export default function MeasureMap({ center, value, onChange, onEditedByMap, height = 480 }: MeasureMapProps) {
  const config = useMapConfig();
  const element = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [state, setState] = useState<MeasureMapChange | null>(null);
  const [undoable, setUndoable] = useState(false);
  const handle = useRef<MeasureMapHandle | null>(null);
  // The latest callbacks, read by the map's handlers without re-creating the map.
  const callbacks = useLatest({ onChange, onEditedByMap });

  const cfg = config.data;
  useEffect(() => {
    if (!cfg || !element.current) return;
    const map = createMeasureMap(
      element.current,
      { center, config: cfg, value },
      {
        tilesFailed: setTilesFailed,
        changed: (change) => {
          setState(change);
          callbacks.current.onChange?.(change);
        },
        undoable: setUndoable,
        editedByMap: () => callbacks.current.onEditedByMap?.(),
      },
    );
    handle.current = map;
    // The map and the saved shapes are drawn; the satellite tiles come on their own from the tile server.
    markShown('measureit-map');
    return () => {
      handle.current = null;
      map.remove();
    };
    // The map is made once per configuration and place; `value` is read when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cfg, center.lat, center.lng]);

  if (config.isError) {
    return <Alert color="red">The map could not be opened: its settings could not be read.</Alert>;
  }
  return (
    <Stack gap="sm">
      <div style={{ position: 'relative' }}>
        <div ref={element} data-testid="measure-map" style={{ height, width: '100%' }} />
        {tilesFailed && <TilesFailedNotice />}
      </div>
      <Group justify="space-between" align="flex-start">
        <MeasurementPanel state={state} />
        <Button variant="default" onClick={() => handle.current?.undo()} disabled={!undoable}>
          Undo
        </Button>
      </Group>
    </Stack>
  );
}

function TilesFailedNotice() {
  return (
    <Alert
      color="yellow"
      role="status"
      style={{ position: 'absolute', top: 8, right: 8, zIndex: 1000, maxWidth: 320 }}
      title="Satellite imagery unavailable"
    >
      The satellite imagery could not be loaded. You can still draw on the grid at the property&apos;s location.
    </Alert>
  );
}
