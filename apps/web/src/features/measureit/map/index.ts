/**
 * MeasureIt's drawing component, loaded on demand: a page that shows `LazyMeasureMap` inside a Suspense boundary
 * is the only one that downloads Leaflet and Geoman (decision 037).
 */
import { lazy } from 'react';

export const LazyMeasureMap = lazy(() => import('./MeasureMap'));
export type { MeasureMapChange, MeasureMapProps } from './MeasureMap';
export { checkStaticMap, formatAcres, formatFeet, formatSquareFeet, measure, toMultiPolygon } from './model';
