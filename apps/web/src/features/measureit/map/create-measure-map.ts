/**
 * The drawing map itself, without React (decision 037): Leaflet on the element, a plain grid under the configured
 * imagery, the shapes' layer, Leaflet-Geoman's drawing controls, the points in each shape's colour, the 2048 rule's
 * point error and the undo history. The component (MeasureMap.tsx) shows what it reports through `MapEvents`.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { MEASURE_ZOOM_MAX, pointColour, type MultiPolygonGeometry } from '@cc/domain';
import { gridLayer } from './grid-layer';
import { tileLayerOptions, type MapConfig } from './tiles';
import { changeOf, toMultiPolygon, type DrawnGeometry, type MeasureMapChange } from './model';
import { undoHistory } from './undo-history';

const SHAPE_STYLE = { color: '#ffffff', weight: 2, fillOpacity: 0.2 };

export interface MeasureMapOptions {
  center: { lat: number; lng: number };
  config: MapConfig;
  /** The shapes to start from. */
  value?: MultiPolygonGeometry | null;
}

/** What the map reports; read at each event, so the caller may pass handlers that always call its latest props. */
export interface MapEvents {
  /** True when no imagery tile has loaded and one has failed; false again once one loads. */
  tilesFailed: (failed: boolean) => void;
  /** The shapes after a change (and once when the map opens). */
  changed: (change: MeasureMapChange) => void;
  undoable: (undoable: boolean) => void;
  /** The user clicked the map, drew, cut or removed a shape, or moved or removed a vertex. */
  editedByMap: () => void;
}

export interface MeasureMapHandle {
  undo: () => void;
  remove: () => void;
}

/** Opens the map on `element` with the shapes of `value`, measured once, ready to draw. */
export function createMeasureMap(
  element: HTMLElement,
  { center, config, value }: MeasureMapOptions,
  events: MapEvents,
): MeasureMapHandle {
  const map = L.map(element, {
    center: [center.lat, center.lng],
    zoom: config.initialZoom,
    maxZoom: MEASURE_ZOOM_MAX + 1,
  });
  gridLayer().addTo(map);
  addImagery(map, config, events.tilesFailed);
  const shapes = L.featureGroup().addTo(map);
  const marks = shapeMarks(map);

  const publish = () => {
    const change = changeOf(currentGeometry(shapes), config.staticMap);
    marks.show(change);
    events.changed(change);
  };
  const watch = (layer: L.Layer) => watchShape(layer, { changed: () => changed(), editedByMap: events.editedByMap });
  if (value) loadShapes(shapes, value, watch);
  const history = undoHistory(currentGeometry(shapes));
  const changed = () => {
    if (!history.record(currentGeometry(shapes))) return;
    events.undoable(true);
    publish();
  };
  publish();

  addDrawingControls(map, element);
  followDrawing(map, shapes, { watch, changed, editedByMap: events.editedByMap });
  return {
    undo() {
      const previous = history.undo();
      if (!previous) return;
      loadShapes(shapes, previous, watch);
      events.undoable(history.canUndo());
      publish();
    },
    remove: () => map.remove(),
  };
}

/** The configured imagery over the grid, telling when none of its tiles could be loaded. */
function addImagery(map: L.Map, config: MapConfig, tilesFailed: (failed: boolean) => void): void {
  let loaded = 0;
  let failed = 0;
  L.tileLayer(config.tileUrl, tileLayerOptions(config, MEASURE_ZOOM_MAX + 1))
    .on('tileload', () => {
      loaded += 1;
      tilesFailed(false);
    })
    .on('tileerror', () => {
      failed += 1;
      if (loaded === 0 && failed > 0) tilesFailed(true);
    })
    .addTo(map);
}

/** The drawn shapes as one MultiPolygon. */
function currentGeometry(shapes: L.FeatureGroup): MultiPolygonGeometry {
  return toMultiPolygon(shapes.getLayers().map((layer) => (layer as L.Polygon).toGeoJSON().geometry as DrawnGeometry));
}

/** Replaces the drawn shapes with those of `geometry`, each watched for edits. */
function loadShapes(shapes: L.FeatureGroup, geometry: MultiPolygonGeometry, watch: (layer: L.Layer) => void): void {
  shapes.clearLayers();
  for (const rings of geometry.coordinates) {
    const layer = L.polygon(
      rings.map((ring) => ring.slice(0, -1).map((p) => [p[1], p[0]] as [number, number])),
      SHAPE_STYLE,
    );
    layer.addTo(shapes);
    watch(layer);
  }
}

interface DrawingHandlers {
  /** The shapes may have changed: an undo step and a new measurement when they did. */
  changed: () => void;
  editedByMap: () => void;
}

/** A shape's own edits: a vertex dragged or removed changes it and counts as the user's edit on the map. */
function watchShape(layer: L.Layer, on: DrawingHandlers): void {
  layer.on('pm:edit pm:vertexremoved', () => on.changed());
  layer.on('pm:markerdragend pm:vertexremoved', () => on.editedByMap());
}

/** The map's drawing actions: a new shape joins the shapes, a cut replaces its shape, a removal takes it away. */
function followDrawing(
  map: L.Map,
  shapes: L.FeatureGroup,
  on: DrawingHandlers & { watch: (layer: L.Layer) => void },
): void {
  map.on('pm:create', (e) => {
    map.removeLayer(e.layer);
    shapes.addLayer(e.layer);
    on.watch(e.layer);
    on.editedByMap();
    on.changed();
  });
  map.on('pm:cut', (e) => {
    // Geoman replaces the cut layer with a new one (which may be a MultiPolygon).
    shapes.removeLayer(e.originalLayer);
    map.removeLayer(e.layer);
    shapes.addLayer(e.layer);
    on.watch(e.layer);
    on.editedByMap();
    on.changed();
  });
  map.on('pm:remove', (e) => {
    shapes.removeLayer(e.layer);
    on.editedByMap();
    on.changed();
  });
  map.on('click', () => on.editedByMap());
}

/** Geoman's controls for what a lawn needs: polygons, rectangles, cuts, vertex edits and removal. */
function addDrawingControls(map: L.Map, element: HTMLElement): void {
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
  for (const container of element.querySelectorAll('.button-container[title]')) {
    container.querySelector('a')?.setAttribute('aria-label', container.getAttribute('title') ?? '');
  }
}

/** What is drawn over the shapes after each change: their points in each shape's colour and the 2048 rule's error. */
function shapeMarks(map: L.Map): { show: (change: MeasureMapChange) => void } {
  const points = L.layerGroup().addTo(map);
  let errorMarker: L.Layer | undefined;
  return {
    show(change) {
      drawPoints(points, change.geometry);
      errorMarker?.remove();
      errorMarker = change.tooLong ? tooLongMarker(change.tooLong).addTo(map) : undefined;
    },
  };
}

/** Every vertex as a marker in its shape's point colour, outlined to show on any imagery. */
function drawPoints(points: L.LayerGroup, geometry: MultiPolygonGeometry): void {
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
}

/** A red ring with a permanent tooltip at the first vertex of the shape whose image URL is too long. */
function tooLongMarker(tooLong: NonNullable<MeasureMapChange['tooLong']>): L.Layer {
  return L.circleMarker([tooLong.at[1], tooLong.at[0]], {
    radius: 12,
    color: '#c92a2a',
    weight: 3,
    fill: false,
  }).bindTooltip(`Area ${tooLong.shapeIndex + 1} has too many points for the saved image: remove some of its points.`, {
    permanent: true,
    direction: 'top',
  });
}
