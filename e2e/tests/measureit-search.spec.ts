/**
 * The MeasureIt search (administration.md §2, §3, §5; decisions 041, 044): the franchise, the
 * filters in the URL, server sorting and paging, 5-4 zips, the map beside the grid, Select opening MeasureIt in a
 * window whose save refreshes the row and the statistics, the Image column only where a row can have an image, a
 * reason applied to a selection from the bar on the grid (and cancelled), and an
 * independent franchise's user held to its own franchises, each of which it can search (decision 063).
 */
import { expectAxeClean } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import { clickClosingWindow, SERVER, shot, signIn, toast, toastComing } from './helpers.js';
import { clickMap } from './measureit-support.js';

const grid = (page: Page) => page.getByTestId('measureit-search-grid');
const summary = (page: Page) => page.getByTestId('measureit-search-summary');
const column = async (page: Page, colId: string) =>
  (await grid(page).locator(`[role="gridcell"][col-id="${colId}"]`).allTextContents()).map((t) => t.trim());
const figure = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/\D/g, ''));

const axeClean = (page: Page) => expectAxeClean(page, 'MeasureIt search');

const resultsMap = (page: Page) => page.getByTestId('measureit-results-map');

/** The properties the map shows: one a marker, and a cluster's count for each cluster. */
async function mapped(page: Page) {
  const map = resultsMap(page);
  const clusters = (await map.locator('.results-cluster').allTextContents()).map(Number);
  return (await map.locator('.results-marker').count()) + clusters.reduce((a, b) => a + b, 0);
}

/** The rows of the page the summary names ('26–50 of 1,234' is 25). */
async function pageRows(page: Page) {
  const [, from, to] = /^([\d,]+)–([\d,]+)/.exec((await summary(page).textContent()) ?? '') ?? [];
  return Number(to?.replace(/,/g, '')) - Number(from?.replace(/,/g, '')) + 1;
}

/** The rows shown, as the grid has them: property id, customer number, square feet. */
async function shownRows(page: Page) {
  return grid(page)
    .locator('[role="row"][row-id]:has([col-id="custNo"])')
    .evaluateAll((rows) =>
      rows.map((r) => ({
        id: r.getAttribute('row-id') ?? '',
        custNo: r.querySelector('[col-id="custNo"]')?.textContent?.trim() ?? '',
        squareFeet: r.querySelector('[col-id="squareFeet"]')?.textContent?.trim() ?? '',
      })),
    );
}

test('the measurer chooses a franchise, sorts, pages and sees 5-4 zips; the map shows the page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'measurer');
  await page.getByTestId('app-searchMeasureIt').click();
  await expect(page).toHaveURL(/\/searchMeasureIt$/);
  await expect(page.getByRole('heading', { level: 1, name: 'MeasureIt Search' })).toBeVisible();
  // The demo measurer has no franchise of its own: 'None' and its warning.
  await expect(page.getByTestId('no-franchise-warning')).toBeVisible(SERVER);
  await expect(page.getByTestId('filter-franchise')).toHaveValue('None');
  await expect(summary(page)).toContainText('properties', SERVER);

  await page.getByTestId('filter-franchise').click();
  await page.getByRole('option', { name: /^PB181/ }).click();
  await expect(page).toHaveURL(/branch=PB181/);
  await expect.poll(async () => new Set(await column(page, 'branchNo')), SERVER).toEqual(new Set(['PB181']));
  // Zips are stored as nine digits and shown 5-4.
  const zips = await column(page, 'zip');
  expect(zips.length).toBeGreaterThan(0);
  for (const zip of zips) expect(zip).toMatch(/^\d{5}-\d{4}$/);
  await expect(
    page.getByTestId('measureit-results-map').locator('.results-marker, .results-cluster').first(),
  ).toBeVisible(SERVER);

  // Sorted on the server: customer numbers descending (neighbours, without one, first).
  await grid(page).getByRole('columnheader', { name: 'Cust No' }).click();
  await expect(page).toHaveURL(/sort=custNo&dir=asc/);
  await grid(page).getByRole('columnheader', { name: 'Cust No' }).click();
  await expect(page).toHaveURL(/sort=custNo&dir=desc/);
  await expect
    .poll(async () => {
      const numbers = (await column(page, 'custNo')).filter(Boolean).map(Number);
      return numbers.length > 1 && numbers.every((n, i) => i === 0 || numbers[i - 1]! >= n);
    }, SERVER)
    .toBe(true);

  // Page 2, then pages of 500.
  const first = await summary(page).textContent();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(summary(page)).toContainText(/^26–50 of/, SERVER);
  // The map follows the page: its markers and clusters hold the page's rows.
  await expect.poll(() => mapped(page), SERVER).toBe(25);
  await page.getByTestId('page-size').click();
  await page.getByRole('option', { name: '500', exact: true }).click();
  await expect(page).toHaveURL(/size=500/);
  await expect(summary(page)).toContainText(/^1–\d/, SERVER);
  expect(first).toMatch(/^1–25 of/);
  await expect.poll(async () => (await mapped(page)) === (await pageRows(page)), SERVER).toBe(true);

  // A zip narrows the search; a reload keeps it.
  const zip5 = zips[0]!.slice(0, 5);
  await page.getByTestId('filter-zips').click();
  await page.getByRole('option', { name: new RegExp(`^${zip5}`) }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`zips=${zip5}`));
  await expect
    .poll(async () => new Set((await column(page, 'zip')).map((z) => z.slice(0, 5))), SERVER)
    .toEqual(new Set([zip5]));
  await page.reload();
  await expect(page.getByTestId('filter-zips')).toBeVisible();
  await expect
    .poll(async () => new Set((await column(page, 'zip')).map((z) => z.slice(0, 5))), SERVER)
    .toEqual(new Set([zip5]));

  await shot(page, 'measureit-search');
  await axeClean(page);

  // Every filter set, the New Neighbor date range and proximity too: the range's clear button says what it clears.
  await page.goto(`${page.url()}&prox=99&from=2000-01-01&to=2030-12-31`);
  await expect(summary(page)).toContainText('properties', SERVER);
  const clearDates = page.getByRole('button', { name: 'Clear the range: New Neighbor status date' });
  await expect(clearDates).toBeVisible();
  await axeClean(page);
  await shot(page, 'measureit-search-filters-set');
  await clearDates.click();
  await expect(page).not.toHaveURL(/from=/);

  // Only a measured property has a saved image: in Unmeasured mode there is no Image column to stand empty, in
  // Measured mode there is, and back in Unmeasured it goes again.
  const imageHeader = grid(page).getByRole('columnheader', { name: 'Image' });
  await expect(grid(page).getByRole('columnheader', { name: 'Cust No' })).toBeVisible();
  await expect(imageHeader).toHaveCount(0);
  const mode = page.getByTestId('filter-mode');
  await mode.getByText('Measured', { exact: true }).click();
  await expect(page).toHaveURL(/mode=Measured/);
  await expect(imageHeader).toBeVisible();
  await mode.getByText('Unmeasured', { exact: true }).click();
  await expect(page).not.toHaveURL(/mode=/);
  await expect(imageHeader).toHaveCount(0);
});

test('working a street from the map: a cluster zooms in, a marker selects its row', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'measurer');
  await page.goto('/searchMeasureIt?branch=PB181&size=500');
  await expect(summary(page)).toContainText(/^1–\d/, SERVER);
  await expect.poll(async () => (await mapped(page)) === (await pageRows(page)), SERVER).toBe(true);
  // A cluster zooms in on its properties (there are none from zoom 17); a marker's click selects its row.
  const map = resultsMap(page);
  const marker = map.locator('.results-marker').first();
  for (let zoomIns = 0; (await marker.count()) === 0; zoomIns++) {
    expect(zoomIns, 'clusters end by zoom 17').toBeLessThan(17);
    const cluster = map.locator('.results-cluster').first();
    await cluster.evaluate((element) => element.setAttribute('data-clicked', 'yes'));
    await cluster.click();
    // Every zoom draws the layer anew: the cluster clicked is gone once the map has zoomed in.
    await expect(map.locator('[data-clicked]')).toHaveCount(0, SERVER);
  }
  const markerClass = (await marker.getAttribute('class')) ?? '';
  const propertyId = /results-marker-(\d+)/.exec(markerClass)?.[1];
  expect(propertyId).toBeTruthy();
  await marker.click();
  await expect(grid(page).locator(`[role="row"][row-id="${propertyId}"]`).first()).toHaveClass(
    /ag-row-selected/,
    SERVER,
  );
  await shot(page, 'measureit-search-marker');
  // Zoomed out, the cluster that holds the selected row is ringed.
  for (let zoomOuts = 0; (await map.locator('.results-cluster-chosen').count()) === 0; zoomOuts++) {
    expect(zoomOuts, 'the selected property joins a cluster when zoomed out').toBeLessThan(12);
    await map
      .locator('.results-marker, .results-cluster')
      .first()
      .evaluate((element) => element.setAttribute('data-drawn', 'yes'));
    await map.getByRole('button', { name: 'Zoom out' }).click();
    await expect(map.locator('[data-drawn]')).toHaveCount(0, SERVER);
  }
});

test('Select opens MeasureIt in a window; its save updates the row and the statistics', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'measurer');
  await page.goto('/searchMeasureIt?branch=PB182&mode=Both');
  await expect(summary(page)).toContainText(/of [\d,]+/, SERVER);
  const before = await figure(page, 'stat-properties-measured');
  const rows = await shownRows(page);
  const row = rows.find((r) => r.custNo !== '' && r.squareFeet === '');
  expect(row, 'an unmeasured customer on the first page').toBeTruthy();
  const target = grid(page).locator(`[role="row"][row-id="${row!.id}"]:has([col-id="squareFeet"])`);

  const popupComing = page.waitForEvent('popup');
  await target.getByRole('button', { name: /^Select customer/ }).click();
  const popup = await popupComing;
  await expect(popup).toHaveURL(/\/editMeasureIt\?.*closeOnSave=true/);
  await expect(popup).toHaveURL(new RegExp(`id=${row!.custNo}`));
  await expect(popup.getByTestId('measure-total')).toHaveText('0 sq ft', SERVER);
  await popup.locator('.leaflet-pm-icon-rectangle').click();
  await clickMap(popup, [
    [-120, -80],
    [120, 80],
  ]);
  await expect.poll(async () => (await popup.getByTestId('measure-total').textContent()) ?? '').not.toBe('0 sq ft');
  const closed = popup.waitForEvent('close');
  const heard = toastComing(page, 'Property Measurement Saved...');
  await popup.getByRole('button', { name: 'Save', exact: true }).click();
  await closed;

  // The search heard the save: it says so, the row shows its size, the statistics count it.
  await heard;
  await expect(target.locator('[col-id="squareFeet"]')).toHaveText(/^\d[\d,]*$/, SERVER);
  await expect.poll(() => figure(page, 'stat-properties-measured'), SERVER).toBe(before + 1);
  await shot(page, 'measureit-search-after-save');

  // The row shows the saved image, small; it opens larger, loaded from the static-maps service (decision 079).
  const thumbnail = target.getByRole('button', {
    name: new RegExp(`^Show the saved image of customer ${row!.custNo} at `),
  });
  await expect(thumbnail.locator('img')).toHaveAttribute('loading', 'lazy');
  await thumbnail.click();
  const imageDialog = page.getByRole('dialog', { name: new RegExp(`^Saved image of customer ${row!.custNo}`) });
  const large = imageDialog.getByRole('img', { name: new RegExp(`^The saved measurement of customer ${row!.custNo}`) });
  await expect
    .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), SERVER)
    .toBe(525);
  await axeClean(page);
  await page.keyboard.press('Escape');
  await expect(imageDialog).toBeHidden();

  // Opened again and let go (measured today: the question declined): the window closes and the search says so.
  const againComing = page.waitForEvent('popup');
  await target.getByRole('button', { name: /^Select customer/ }).click();
  const again = await againComing;
  const dialog = again.getByRole('dialog', { name: 'Measured recently' });
  await expect(dialog).toBeVisible(SERVER);
  const cancelled = toastComing(page, 'Measurement Edit Cancelled...');
  await clickClosingWindow(again, dialog.getByRole('button', { name: 'No, leave it' }));
  await cancelled;
});

test('a reason applied to a selection, after a cancelled try', async ({ page }) => {
  // The bar's place, the apply, the statistics and clearing a selection: more than the default two minutes on a busy
  // machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'measurer');
  await page.goto('/searchMeasureIt?branch=PB171');
  await expect(summary(page)).toContainText(/of [\d,]+/, SERVER);
  const unmeasured = await figure(page, 'stat-properties-unmeasured');
  const notMeasured = await figure(page, 'stat-properties-not-measured');
  // The reason's bar sits on the grid's top edge, as wide as the grid: it says what it acts on, and waits for a selection.
  const bar = page.getByTestId('reason-toolbar');
  const barBox = await bar.boundingBox();
  const gridBox = await grid(page).boundingBox();
  expect(barBox && gridBox && Math.abs(barBox.y + barBox.height - gridBox.y)).toBeLessThanOrEqual(1);
  expect(barBox && gridBox && [Math.round(barBox.x), Math.round(barBox.width)]).toEqual(
    gridBox && [Math.round(gridBox.x), Math.round(gridBox.width)],
  );
  await expect(page.getByTestId('selection-count')).toHaveText(/^No properties selected/);
  await expect(page.getByTestId('apply-reason-select')).toBeDisabled();
  await expect(page.getByTestId('apply-reason')).toBeDisabled();

  // Two customers' rows selected.
  const rows = (await shownRows(page)).filter((r) => r.custNo !== '').slice(0, 2);
  expect(rows).toHaveLength(2);
  for (const r of rows) {
    await grid(page).locator(`[role="row"][row-id="${r.id}"] input[type="checkbox"]`).check();
  }
  await expect(page.getByTestId('selection-count')).toHaveText('2 properties selected');
  await expect(page.getByTestId('apply-reason')).toHaveText('Apply to selection (2)');
  await shot(page, 'measureit-search-selected');
  await page.getByTestId('apply-reason-select').click();
  await page.getByRole('option').first().click();

  await page.getByTestId('apply-reason').click();
  const dialog = page.getByRole('dialog', { name: 'Apply Not Measured Reason' });
  await expect(dialog).toBeVisible();
  await shot(page, 'measureit-search-apply-confirm');
  await axeClean(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Apply-To-Selection Cancelled...')).toBeVisible();

  await page.getByTestId('apply-reason').click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Not Measured Reason was successfully applied to selection')).toBeVisible(SERVER);
  // Unmeasured mode: the two rows leave the grid, and the statistics move them.
  for (const r of rows) await expect(grid(page).locator(`[row-id="${r.id}"]`)).toHaveCount(0, SERVER);
  await expect.poll(() => figure(page, 'stat-properties-not-measured'), SERVER).toBe(notMeasured + 2);
  expect(await figure(page, 'stat-properties-unmeasured')).toBe(unmeasured - 2);
  await expect(page.getByTestId('apply-reason')).toHaveText('Apply to selection (0)');
  await expect(page.getByTestId('selection-count')).toHaveText(/^No properties selected/);

  // Clear selection lets go of every selected row.
  const next = (await shownRows(page)).slice(0, 1);
  await grid(page).locator(`[role="row"][row-id="${next[0]!.id}"] input[type="checkbox"]`).check();
  await expect(page.getByTestId('selection-count')).toHaveText('1 property selected');
  await page.getByTestId('clear-selection').click();
  await expect(page.getByTestId('selection-count')).toHaveText(/^No properties selected/);
  await expect(grid(page).locator('.ag-row-selected')).toHaveCount(0);
});

test('an independent franchise’s user starts on its first franchise and can search each of its own', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'csr.franchise');
  // Asked for another franchise in the URL: its own first one.
  await page.goto('/searchMeasureIt?branch=PB181&mode=Both');
  const picker = page.getByTestId('filter-franchise');
  await expect(picker).toHaveValue(/^SG101/, SERVER);
  await expect(picker).toBeEnabled();
  await expect(page.getByTestId('no-franchise-warning')).toHaveCount(0);
  await expect.poll(async () => new Set(await column(page, 'branchNo')), SERVER).toEqual(new Set(['SG101']));
  // The picker offers both of its branches and nothing else (no 'None', no other franchise).
  await picker.click();
  const options = page.getByRole('option');
  await expect(options).toHaveText([/^SG101/, /^SG102/]);
  await options.filter({ hasText: /^SG102/ }).click();
  await expect(page).toHaveURL(/branch=SG102/);
  await expect(picker).toHaveValue(/^SG102/);
  await expect.poll(async () => new Set(await column(page, 'branchNo')), SERVER).toEqual(new Set(['SG102']));
  // The second franchise in the URL is searched as it is.
  await page.goto('/searchMeasureIt?branch=SG102&mode=Both');
  await expect(picker).toHaveValue(/^SG102/, SERVER);
  await expect.poll(async () => new Set(await column(page, 'branchNo')), SERVER).toEqual(new Set(['SG102']));
  // Its MeasureIt.ApplyReason is not granted: no reason to apply; MeasureIt.Measure is: each row has its Select.
  await expect(page.getByTestId('reason-toolbar')).toHaveCount(0);
  await expect(page.getByTestId('apply-reason')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Select customer/ }).first()).toBeVisible();
  await shot(page, 'measureit-search-franchise');
  await axeClean(page);
});
