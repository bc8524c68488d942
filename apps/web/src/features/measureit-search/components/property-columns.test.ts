import { describe, expect, it } from 'vitest';
import { propertyColumns } from './property-columns';

const ids = (withSelect: boolean, imagesAtStart: boolean) =>
  propertyColumns(withSelect, imagesAtStart).map((c) => c.colId ?? c.field);

describe("the property grid's columns", () => {
  it('has a Select column only for a user who may open a property in MeasureIt', () => {
    expect(ids(true, true)[0]).toBe('select');
    expect(ids(false, true)).not.toContain('select');
    expect(ids(false, true)[0]).toBe('image');
  });

  it('hides the Image column at the start unless the first mode shows images', () => {
    const image = (imagesAtStart: boolean) => propertyColumns(true, imagesAtStart).find((c) => c.colId === 'image');
    expect(image(true)?.hide).toBe(false);
    expect(image(false)?.hide).toBe(true);
  });

  it('keeps the columns of the spec in their order', () => {
    expect(ids(true, true).slice(2)).toEqual([
      'custNo',
      'branchNo',
      'firstName',
      'lastName',
      'streetAddress',
      'city',
      'state',
      'zip',
      'yearBuilt',
      'squareFeet',
      'statusDate',
    ]);
  });
});
