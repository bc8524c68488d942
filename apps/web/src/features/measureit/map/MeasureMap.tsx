/**
 * MeasureIt's drawing component (decision 037): the satellite imagery of the configuration
 * (GET /api/MeasureIt/mapConfig) centred on the property at zoom 19-20, with Leaflet-Geoman (free edition) to draw
 * lawn areas, cut out beds and buildings, drag and delete vertices; an undo of its own; each shape's vertices in
 * its point colour; a live panel measured with the domain's sphere. Loaded lazily (index.ts) so no other page
 * downloads Leaflet.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { MEASURE_ZOOM_MAX, pointColour, type Measurement, type MultiPolygonGeometry } from '@cc/domain';
import { gridLayer } from './grid-layer';
import { tileLayerOptions, useMapConfig } from './tiles';
import {
  checkStaticMap,
  formatAcres,
  formatFeet,
  formatSquareFeet,
  measure,
  toMultiPolygon,
  type DrawnGeometry,
} from './model';
import { useLatest } from '../../../lib/use-latest';
import { markShown } from '../../../lib/shown';

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

export interface MeasureMapChange {
  geometry: MultiPolygonGeometry;
  measurement: Measurement;
  /** null when the image URL fits; else the shape to simplify (its index) — the map shows the point error there. */
  tooLong: { shapeIndex: number; at: readonly [number, number] } | null;
}

const SHAPE_STYLE = { color: '#ffffff', weight: 2, fillOpacity: 0.2 };
const UNDO_DEPTH = 50;

export default function MeasureMap({ center, value, onChange, onEditedByMap, height = 480 }: MeasureMapProps) {
  const config = useMapConfig();
  const element = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [state, setState] = useState<MeasureMapChange | null>(null);
  const [undoable, setUndoable] = useState(false);
  const undoRef = useRef<() => void>(() => undefined);
  // The latest callbacks, read by the map's handlers without re-creating the map.
  const callbacks = useLatest({ onChange, onEditedByMap });

  const cfg = config.data;
  useEffect(() => {
    if (!cfg || !element.current) return;
    const map = L.map(element.current, {
      center: [center.lat, center.lng],
      zoom: cfg.initialZoom,
      maxZoom: MEASURE_ZOOM_MAX + 1,
    });
    gridLayer().addTo(map);
    let loaded = 0;
    let failed = 0;
    L.tileLayer(cfg.tileUrl, tileLayerOptions(cfg, MEASURE_ZOOM_MAX + 1))
      .on('tileload', () => {
        loaded += 1;
        setTilesFailed(false);
      })
      .on('tileerror', () => {
        failed += 1;
        if (loaded === 0 && failed > 0) setTilesFailed(true);
      })
      .addTo(map);

    const shapes = L.featureGroup().addTo(map);
    const points = L.layerGroup().addTo(map);
    let errorMarker: L.Layer | undefined;
    const history: MultiPolygonGeometry[] = [];

    const current = (): MultiPolygonGeometry =>
      toMultiPolygon(shapes.getLayers().map((layer) => (layer as L.Polygon).toGeoJSON().geometry as DrawnGeometry));

    const drawPoints = (geometry: MultiPolygonGeometry) => {
      points.clearLayers();
      geometry.coordinates.forEach((rings, shapeIndex) => {
        const colour = pointColour(shapeIndex);
        for (const ring of rings)
          for (const p of ring.slice(0, -1))
            L.circleMarker([p[1], p[0]], {
              radius: 5,
              color: colour === '#000000' ? '#ffffff' : '#000000',
              weight: 1.5,
              fillColor: colour,
              fillOpacity: 1,
              interactive: false,
              className: `measure-point measure-point-${shapeIndex}`,
            }).addTo(points);
      });
    };

    const publish = () => {
      const geometry = current();
      const measurement = measure(geometry);
      const check = checkStaticMap(geometry, cfg.staticMap);
      const change: MeasureMapChange = {
        geometry,
        measurement,
        tooLong: check.ok ? null : { shapeIndex: check.shapeIndex, at: check.at },
      };
      drawPoints(geometry);
      errorMarker?.remove();
      errorMarker = undefined;
      if (!check.ok) {
        errorMarker = L.circleMarker([check.at[1], check.at[0]], {
          radius: 12,
          color: '#c92a2a',
          weight: 3,
          fill: false,
        })
          .bindTooltip(
            `Area ${check.shapeIndex + 1} has too many points for the saved image: remove some of its points.`,
            {
              permanent: true,
              direction: 'top',
            },
          )
          .addTo(map);
      }
      setState(change);
      callbacks.current.onChange?.(change);
    };

    const watch = (layer: L.Layer) => {
      layer.on('pm:edit pm:vertexremoved', () => changed());
      layer.on('pm:markerdragend pm:vertexremoved', () => callbacks.current.onEditedByMap?.());
    };
    const load = (geometry: MultiPolygonGeometry) => {
      shapes.clearLayers();
      for (const rings of geometry.coordinates) {
        const layer = L.polygon(
          rings.map((ring) => ring.slice(0, -1).map((p) => [p[1], p[0]] as [number, number])),
          SHAPE_STYLE,
        );
        layer.addTo(shapes);
        watch(layer);
      }
    };
    /** Before a change: the shapes as they were, for undo. */
    let before = current();
    const changed = () => {
      // Geoman may report one user action twice (a cut also edits); only a real change makes an undo step.
      const now = current();
      if (JSON.stringify(now) === JSON.stringify(before)) return;
      history.push(before);
      if (history.length > UNDO_DEPTH) history.shift();
      before = now;
      setUndoable(true);
      publish();
    };
    undoRef.current = () => {
      const previous = history.pop();
      if (!previous) return;
      load(previous);
      before = previous;
      setUndoable(history.length > 0);
      publish();
    };

    if (value) load(value);
    before = current();
    publish();

    map.pm.setGlobalOptions({ pathOptions: SHAPE_STYLE, snappable: true, allowSelfIntersection: false });
    map.pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawCircle: false,
      drawText: false,
      drawRectangle: true,
      drawPolygon: true,
      editMode: true,
      dragMode: false,
      cutPolygon: true,
      removalMode: true,
      rotateMode: false,
    });
    // Geoman's buttons are links named only by their container's title: give each its name.
    for (const container of element.current.querySelectorAll('.button-container[title]')) {
      container.querySelector('a')?.setAttribute('aria-label', container.getAttribute('title') ?? '');
    }
    map.on('pm:create', (e) => {
      const layer = e.layer;
      map.removeLayer(layer);
      shapes.addLayer(layer);
      watch(layer);
      callbacks.current.onEditedByMap?.();
      changed();
    });
    map.on('pm:cut', (e) => {
      // Geoman replaces the cut layer with a new one (which may be a MultiPolygon).
      shapes.removeLayer(e.originalLayer);
      map.removeLayer(e.layer);
      shapes.addLayer(e.layer);
      watch(e.layer);
      callbacks.current.onEditedByMap?.();
      changed();
    });
    map.on('pm:remove', (e) => {
      shapes.removeLayer(e.layer);
      callbacks.current.onEditedByMap?.();
      changed();
    });
    map.on('click', () => callbacks.current.onEditedByMap?.());
    // The map and the saved shapes are drawn; the satellite tiles come on their own from the tile server.
    markShown('measureit-map');

    return () => {
      undoRef.current = () => undefined;
      map.remove();
    };
    // The map is made once per configuration and place; `value` is read when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cfg, center.lat, center.lng]);

  if (config.isError) {
    return <Alert color="red">The map could not be opened: its settings could not be read.</Alert>;
  }
  const m = state?.measurement;
  return (
    <Stack gap="sm">
      <div style={{ position: 'relative' }}>
        <div ref={element} data-testid="measure-map" style={{ height, width: '100%' }} />
        {tilesFailed && (
          <Alert
            color="yellow"
            role="status"
            style={{ position: 'absolute', top: 8, right: 8, zIndex: 1000, maxWidth: 320 }}
            title="Satellite imagery unavailable"
          >
            The satellite imagery could not be loaded. You can still draw on the grid at the property&apos;s location.
          </Alert>
        )}
      </div>
      <Group justify="space-between" align="flex-start">
        <Paper withBorder p="sm" aria-live="polite" aria-label="Measurement">
          {/* Until the map has opened and measured what it was given, there is no size to show (not a 0). */}
          {state === null ? (
            <Group gap="xs" data-testid="measure-loading">
              <Loader size="xs" role="status" aria-label="Loading the map" />
              <Text size="sm">Loading the map…</Text>
            </Group>
          ) : (
            <Table withRowBorders={false} verticalSpacing={2}>
              <Table.Tbody>
                {m?.shapes.map((shape, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <span
                        aria-hidden
                        style={{
                          display: 'inline-block',
                          width: 10,
                          height: 10,
                          borderRadius: 5,
                          marginRight: 6,
                          border: '1px solid #333',
                          background: pointColour(i),
                        }}
                      />
                      Area {i + 1}
                    </Table.Td>
                    <Table.Td ta="right">{formatSquareFeet(shape.squareFeet)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td fw={700}>Total</Table.Td>
                  <Table.Td ta="right" fw={700} data-testid="measure-total">
                    {formatSquareFeet(m?.squareFeet ?? 0)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td />
                  <Table.Td ta="right" data-testid="measure-acres">
                    {formatAcres(m?.acres ?? 0)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>Perimeter</Table.Td>
                  <Table.Td ta="right" data-testid="measure-perimeter">
                    {formatFeet(m?.perimeterFeet ?? 0)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          )}
          {state?.tooLong && (
            <Text c="red.8" size="sm" role="alert">
              Area {state.tooLong.shapeIndex + 1} has too many points to save its image.
            </Text>
          )}
        </Paper>
        <Button variant="default" onClick={() => undoRef.current()} disabled={!undoable}>
          Undo
        </Button>
      </Group>
    </Stack>
  );
}
