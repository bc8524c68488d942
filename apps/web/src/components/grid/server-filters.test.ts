import { describe, expect, it } from 'vitest';
import { filterModelOf, sameFilters, textFiltersOf } from './server-filters';

describe("the column filters' texts, between the grid's boxes and the screen's view", () => {
  const columns = ['City', 'Phone', 'Name'];

  it("the grid's model gives the text of each filtered column; blank texts and other columns are no filter", () => {
    const model = {
      City: { filterType: 'text', type: 'contains', filter: 'Spring' },
      Phone: { filterType: 'text', type: 'contains', filter: '(630) 555' },
      Name: { filterType: 'text', type: 'contains', filter: '   ' },
      SQLDBID: { filterType: 'text', type: 'contains', filter: '18001' },
    };
    expect(textFiltersOf(model, columns)).toEqual({ City: 'Spring', Phone: '(630) 555' });
  });

  it("the view's texts make the model the grid's boxes show, and come back from it alike", () => {
    const texts = { Phone: '630', City: 'Spring', Name: '' };
    expect(filterModelOf(texts)).toEqual({
      Phone: { filterType: 'text', type: 'contains', filter: '630' },
      City: { filterType: 'text', type: 'contains', filter: 'Spring' },
    });
    expect(sameFilters(textFiltersOf(filterModelOf(texts), columns), texts)).toBe(true);
  });

  it('texts filter alike whatever their order, not when one column differs or is added', () => {
    expect(sameFilters({ City: 'a', Phone: '1' }, { Phone: '1', City: 'a' })).toBe(true);
    expect(sameFilters({ City: 'a' }, { City: 'b' })).toBe(false);
    expect(sameFilters({ City: 'a' }, { City: 'a', Phone: '1' })).toBe(false);
    expect(sameFilters({}, { City: '' })).toBe(true);
  });
});
