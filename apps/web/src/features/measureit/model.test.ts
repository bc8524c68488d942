import { describe, expect, it } from 'vitest';
import type { MultiPolygon } from '@cc/contract';
import {
  draftOf,
  editParamsOf,
  saveBodyOf,
  saveProblem,
  savedOfPrevious,
  shownSquareFeet,
  sizeFieldValue,
  type Draft,
} from './model';
import { editMeasureItPath } from './links';

const square: MultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [-87.6, 41.25],
        [-87.5996, 41.25],
        [-87.5996, 41.2503],
        [-87.6, 41.25],
      ],
    ],
  ],
};
const unmeasured = { SquareFeet: null, shapes: null, ExternalMeasurementSourceId: null, notMeasuredReasonId: null };

describe('the edit address', () => {
  it('reads §2’s parameters: sqldbid with the customer number (id) or a neighbour’s propertyId', () => {
    expect(editParamsOf(new URLSearchParams('sqldbid=18008&id=1007&closeOnSave=true&client=currentCall'))).toEqual({
      sqldbid: 18008,
      customerNo: 1007,
      closeOnSave: true,
      client: 'currentCall',
    });
    expect(editParamsOf(new URLSearchParams('sqldbid=18008&propertyId=5'))).toMatchObject({
      propertyId: 5,
      closeOnSave: false,
    });
    for (const bad of ['', 'sqldbid=1', 'id=5', 'sqldbid=x&id=5', 'sqldbid=1&id=-5', 'sqldbid=1&id=0']) {
      expect(editParamsOf(new URLSearchParams(bad)), bad).toBeNull();
    }
  });

  it('round-trips what other screens build', () => {
    const path = editMeasureItPath({ sqldbid: 7, customerNo: 42, closeOnSave: true, csr: 3, client: 'currentCall' });
    expect(path).toBe('/editMeasureIt?sqldbid=7&id=42&csr=3&client=currentCall&closeOnSave=true');
    expect(editParamsOf(new URLSearchParams(path.split('?')[1]))).toMatchObject({ sqldbid: 7, customerNo: 42 });
  });
});

describe('the draft', () => {
  it('starts from what is saved: drawn, typed (external) or not measured', () => {
    expect(draftOf({ ...unmeasured, SquareFeet: 9000, shapes: square })).toMatchObject({
      mode: 'measured',
      external: false,
    });
    expect(draftOf({ ...unmeasured, SquareFeet: 9000, ExternalMeasurementSourceId: 2 })).toMatchObject({
      external: true,
      typedSquareFeet: 9000,
      sourceId: 2,
    });
    expect(draftOf({ ...unmeasured, notMeasuredReasonId: 3 })).toMatchObject({ mode: 'notMeasured', reasonId: 3 });
    expect(draftOf(unmeasured)).toMatchObject({ mode: 'measured', external: false, reasonId: null });
  });

  it('copies a previous measurement (a camelCase history record) as the measurement it was', () => {
    const previous = { squareFeet: 7000, shapes: null, externalMeasurementSourceId: 2, notMeasuredReasonId: null };
    expect(draftOf(savedOfPrevious(previous))).toMatchObject({ external: true, typedSquareFeet: 7000, sourceId: 2 });
  });

  const drawn: Draft = { ...draftOf(unmeasured), geometry: square, drawnSquareFeet: 1234.567 };

  it('saves the drawn size to the cent with its shapes, no source and no reason', () => {
    expect(saveProblem(drawn)).toBeNull();
    expect(saveBodyOf({ ...drawn, reasonId: 4 })).toEqual({
      SquareFeet: 1234.57,
      shapes: square,
      ExternalMeasurementSourceId: null,
      notMeasuredReasonId: null,
    });
    expect(shownSquareFeet(drawn)).toBe(1234.567);
  });

  it('saves a typed size with its source (the external flag), keeping any shapes', () => {
    const typed: Draft = { ...drawn, external: true, typedSquareFeet: 8000, sourceId: 1 };
    expect(shownSquareFeet(typed)).toBe(8000);
    expect(saveBodyOf(typed)).toEqual({
      SquareFeet: 8000,
      shapes: square,
      ExternalMeasurementSourceId: 1,
      notMeasuredReasonId: null,
    });
    expect(saveProblem({ ...typed, typedSquareFeet: 0 })).toMatch(/Type the size/);
    expect(saveProblem({ ...typed, sourceId: null })).toMatch(/where the typed size comes from/);
  });

  it('saves not measured as a reason and no size; without a reason it cannot be saved', () => {
    const not: Draft = { ...drawn, mode: 'notMeasured', reasonId: 2 };
    expect(saveBodyOf(not)).toEqual({
      SquareFeet: 0,
      shapes: null,
      ExternalMeasurementSourceId: null,
      notMeasuredReasonId: 2,
    });
    expect(saveProblem({ ...not, reasonId: null })).toBe('Choose the reason it was not measured.');
  });

  it('blocks a save with nothing drawn, or with a shape too long for the saved image', () => {
    expect(saveProblem(draftOf(unmeasured))).toMatch(/Draw the lawn/);
    expect(saveProblem({ ...drawn, tooLongShape: 1 })).toMatch(/^Area 2 has too many points/);
  });
});

describe('the size field before the map has measured', () => {
  it('shows no size (not a 0) until the map has opened, then the drawn size', () => {
    const drawn: Draft = { ...draftOf({ ...unmeasured, SquareFeet: 8084.4, shapes: square }), drawnSquareFeet: 8084.4 };
    expect(sizeFieldValue(draftOf(unmeasured), false)).toBe('');
    expect(sizeFieldValue(drawn, false)).toBe('');
    expect(sizeFieldValue(drawn, true)).toBe(8084.4);
  });
  it('shows a size typed by hand at once: it does not wait for the map', () => {
    const typed = draftOf({ ...unmeasured, SquareFeet: 5000, ExternalMeasurementSourceId: 1 });
    expect(sizeFieldValue(typed, false)).toBe(5000);
  });
});
