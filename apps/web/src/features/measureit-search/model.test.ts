import { describe, expect, it } from 'vitest';
import { APPLY_REASON_SUCCESS } from '@cc/contract';
import {
  appliedMessage,
  cellOfZoom,
  clusterPoints,
  DEFAULT_VIEW,
  franchiseOf,
  listNameOf,
  markerStateOf,
  pagingOf,
  paramsOf,
  previewCountsOf,
  queryOf,
  selectionText,
  showsImages,
  viewOf,
} from './model';

describe('the search view in the URL', () => {
  it('reads the defaults from an empty query and writes nothing for them', () => {
    expect(viewOf(new URLSearchParams())).toEqual(DEFAULT_VIEW);
    expect(paramsOf(DEFAULT_VIEW).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const view = {
      ...DEFAULT_VIEW,
      branch: '0042',
      zips: ['75001', '75002'],
      mode: 'Both' as const,
      proximity: 99,
      from: '2026-01-01',
      to: '2026-02-01',
      list: 7,
      sort: 'lastName' as const,
      dir: 'desc' as const,
      page: 3,
      size: 500 as const,
    };
    expect(viewOf(paramsOf(view))).toEqual(view);
  });

  it('ignores what is not valid', () => {
    const view = viewOf(
      new URLSearchParams(
        'zips=7500,75001,abcde&mode=All&prox=11&from=2026-1-1&list=0&sort=beingMeasured&size=30&page=-1',
      ),
    );
    expect(view).toEqual({ ...DEFAULT_VIEW, zips: ['75001'] });
  });

  it('becomes the OData query of a page with its count', () => {
    const view = viewOf(
      new URLSearchParams('branch=0042&zips=75001,75002&prox=0&list=3&sort=zip&dir=desc&page=2&size=500'),
    );
    expect(queryOf(view)).toEqual({
      branchNo: '0042',
      zips: '75001,75002',
      mode: 'Unmeasured',
      proximity: '0',
      customSearchListId: '3',
      $orderby: 'zip desc',
      $skip: 500,
      $top: 500,
      $count: 'true',
    });
    // The server's default order (zip, street address) when the user sorted nothing.
    expect(queryOf(DEFAULT_VIEW)).not.toHaveProperty('$orderby');
  });
});

describe('the franchise searched', () => {
  const two = { franchises: [{ branchNo: 'SG101' }, { branchNo: 'SG102' }], preselected: 'SG101', ownOnly: true };
  it("is an independent franchise's own: the URL's when it is one, otherwise the preselected one", () => {
    expect(franchiseOf('SG102', two)).toBe('SG102');
    expect(franchiseOf(null, two)).toBe('SG101');
    expect(franchiseOf('PB181', two)).toBe('SG101');
  });
  it("is the URL's for anybody else, and before the franchises are known", () => {
    expect(franchiseOf('PB181', { ...two, ownOnly: false })).toBe('PB181');
    expect(franchiseOf(null, { ...two, ownOnly: false })).toBeNull();
    expect(franchiseOf('SG102', undefined)).toBe('SG102');
  });
});

describe('paging', () => {
  const rows = (n: number) => Array.from({ length: n }, () => ({}) as never);
  it('knows the last page from an exact count', () => {
    expect(pagingOf({ value: rows(25), '@odata.count': 60 }, { page: 1, size: 25 })).toEqual({
      pages: 3,
      summary: '1–25 of 60 properties',
      known: true,
    });
    expect(pagingOf({ value: [], '@odata.count': 0 }, { page: 1, size: 25 }).summary).toBe('No properties');
  });
  it('offers the next page past the count limit', () => {
    const paging = pagingOf({ value: rows(1500), '@cc.countMoreThan': 10000 }, { page: 7, size: 1500 });
    expect(paging.known).toBe(false);
    expect(paging.pages).toBe(8);
    expect(paging.summary).toBe('9,001–10,500 of more than 10,000 properties');
  });
});

describe('the apply message', () => {
  it('is the contract text alone when nothing was skipped', () => {
    expect(
      appliedMessage(APPLY_REASON_SUCCESS, { applied: 3, skippedLocked: 0, skippedMeasured: 0, notFound: 0 }),
    ).toBe(APPLY_REASON_SUCCESS);
  });
  it('says how many another user is measuring', () => {
    expect(
      appliedMessage(APPLY_REASON_SUCCESS, { applied: 2, skippedLocked: 1, skippedMeasured: 2, notFound: 0 }),
    ).toBe(
      `${APPLY_REASON_SUCCESS} (2 applied; 1 property skipped: another user is measuring them; 2 properties skipped: already measured).`,
    );
  });
});

describe('the bar above the grid', () => {
  it('says how many properties are selected, and how to select some when none are', () => {
    expect(selectionText(0)).toBe('No properties selected: tick rows to apply a not measured reason.');
    expect(selectionText(1)).toBe('1 property selected');
    expect(selectionText(1200)).toBe('1,200 properties selected');
  });
});

describe('the Image column', () => {
  it('is shown only in the modes whose rows can have a saved image', () => {
    expect(showsImages('Unmeasured')).toBe(false);
    expect(showsImages('NotMeasured')).toBe(false);
    expect(showsImages('Measured')).toBe(true);
    expect(showsImages('Both')).toBe(true);
  });
});

describe('markers', () => {
  it('are coloured by state, a lock first', () => {
    expect(markerStateOf({ complete: false, notMeasuredReasonId: null, beingMeasured: false })).toBe('unmeasured');
    expect(markerStateOf({ complete: true, notMeasuredReasonId: null, beingMeasured: false })).toBe('measured');
    expect(markerStateOf({ complete: true, notMeasuredReasonId: 2, beingMeasured: false })).toBe('notMeasured');
    expect(markerStateOf({ complete: false, notMeasuredReasonId: null, beingMeasured: true })).toBe('beingMeasured');
  });

  it('cluster by grid cell, each cluster at its points’ mean', () => {
    const points = [
      { id: 1, latitude: 32.1, longitude: -96.1 },
      { id: 2, latitude: 32.3, longitude: -96.3 },
      { id: 3, latitude: 33.5, longitude: -96.1 },
    ];
    const clusters = clusterPoints(points, 1);
    expect(clusters).toHaveLength(2);
    const big = clusters.find((c) => c.items.length === 2);
    expect(big?.items.map((p) => p.id)).toEqual([1, 2]);
    expect(big?.lat).toBeCloseTo(32.2);
    expect(big?.lng).toBeCloseTo(-96.2);
    // Zoomed in: every point its own marker.
    expect(clusterPoints(points, 0)).toHaveLength(3);
  });

  it('use cells that shrink with the zoom and vanish from zoom 17', () => {
    expect(cellOfZoom(4)).toBeGreaterThan(cellOfZoom(10));
    expect(cellOfZoom(17)).toBe(0);
  });
});

describe('the custom list preview', () => {
  it('names the list after its file and shows the rows not imported as problems', () => {
    expect(listNameOf('Spring mailing.CSV')).toBe('Spring mailing');
    const counts = previewCountsOf({
      fileName: 'a.csv',
      encoding: 'ISO-8859-1',
      rows: 5,
      found: 2,
      notFound: 1,
      outsideScope: 1,
      dropped: 1,
      problems: [
        { line: 3, branchNo: '0042', custNo: '99', reason: 'not found' },
        { line: 4, branchNo: '', custNo: 'x', reason: 'bad row' },
      ],
    });
    expect(counts).toMatchObject({ totalRows: 5, toAdd: 2, dropped: 3 });
    expect(counts.problems.map((p) => p.custNo)).toEqual([99, null]);
  });
});
