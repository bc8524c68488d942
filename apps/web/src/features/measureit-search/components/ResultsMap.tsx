/**
 * The page's results on the editor's satellite imagery (decision 044): a marker per property
 * coloured by its state, grouped into numbered clusters when zoomed out (model.clusterPoints); a click on a marker
 * selects its row, a click on a cluster zooms in on it. Loaded lazily: only this page downloads Leaflet.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@mantine/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MeasureItPropertyRow } from '@cc/contract';
import { displayZip } from '@cc/domain';
import { tileLayerOptions, useMapConfig } from '../../measureit';
import { cellOfZoom, clusterPoints, MARKER_COLOURS, markerStateOf } from '../model';
import { useLatest } from '../../../lib/use-latest';

const MAX_ZOOM = 20;

export interface ResultsMapProps {
  rows: MeasureItPropertyRow[];
  selected: MeasureItPropertyRow[];
  onMarkerClick: (propertyId: number) => void;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export default function ResultsMap({ rows, selected, onMarkerClick }: ResultsMapProps) {
  const config = useMapConfig();
  const element = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [zoom, setZoom] = useState(0);
  const layer = useRef<L.LayerGroup | null>(null);
  const click = useLatest(onMarkerClick);

  const cfg = config.data;
  useEffect(() => {
    if (!cfg || !element.current) return;
    const m = L.map(element.current, { center: [39.5, -98.35], zoom: 4, maxZoom: MAX_ZOOM });
    L.tileLayer(cfg.tileUrl, tileLayerOptions(cfg, MAX_ZOOM)).addTo(m);
    layer.current = L.layerGroup().addTo(m);
    m.on('zoomend', () => setZoom(m.getZoom()));
    setMap(m);
    setZoom(m.getZoom());
    return () => {
      m.remove();
      setMap(null);
    };
  }, [cfg]);

  // A new page of results: fit the map to it.
  useEffect(() => {
    if (!map || rows.length === 0) return;
    const bounds = L.latLngBounds(rows.map((r) => [r.latitude, r.longitude] as [number, number]));
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 18 });
  }, [map, rows]);

  useEffect(() => {
    const group = layer.current;
    if (!map || !group) return;
    group.clearLayers();
    const chosen = new Set(selected.map((r) => r.propertyId));
    for (const cluster of clusterPoints(rows, cellOfZoom(zoom))) {
      const [only] = cluster.items;
      if (cluster.items.length === 1 && only) {
        const colour = MARKER_COLOURS[markerStateOf(only)];
        L.circleMarker([only.latitude, only.longitude], {
          radius: chosen.has(only.propertyId) ? 9 : 7,
          color: chosen.has(only.propertyId) ? '#ffd43b' : '#ffffff',
          weight: chosen.has(only.propertyId) ? 3 : 1.5,
          fillColor: colour,
          fillOpacity: 0.95,
          className: `results-marker results-marker-${only.propertyId}`,
        })
          .bindTooltip(
            `${escapeHtml(only.streetAddress)}, ${escapeHtml(only.city)} ${escapeHtml(displayZip(only.zip))}`,
          )
          .on('click', () => click.current(only.propertyId))
          .addTo(group);
      } else {
        const size = cluster.items.length < 10 ? 30 : cluster.items.length < 100 ? 36 : 42;
        // A cluster holding a selected row is ringed as a selected marker is, so a selection made in the grid can
        // be found on the map at any zoom.
        const holdsChosen = cluster.items.some((p) => chosen.has(p.propertyId));
        const border = holdsChosen ? '3px solid #ffd43b' : '2px solid #fff';
        L.marker([cluster.lat, cluster.lng], {
          icon: L.divIcon({
            className: holdsChosen ? 'results-cluster results-cluster-chosen' : 'results-cluster',
            html: `<div style="width:${size}px;height:${size}px;line-height:${size}px;border-radius:50%;background:#1864ab;color:#fff;font-weight:700;text-align:center;border:${border}">${cluster.items.length}</div>`,
            iconSize: [size, size],
          }),
          title: `${cluster.items.length} properties${holdsChosen ? ', some selected' : ''}: zoom in`,
          alt: `${cluster.items.length} properties`,
        })
          .on('click', () =>
            map.fitBounds(L.latLngBounds(cluster.items.map((p) => [p.latitude, p.longitude] as [number, number])), {
              padding: [24, 24],
            }),
          )
          .addTo(group);
      }
    }
  }, [map, rows, selected, zoom, click]);

  if (config.isError) return <Alert color="red">The map could not be loaded: {config.error.message}</Alert>;
  return (
    <div
      ref={element}
      role="region"
      aria-label="Map of the properties found"
      data-testid="measureit-results-map"
      style={{ height: '100%', width: '100%', borderRadius: 8 }}
    />
  );
}
