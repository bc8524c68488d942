import fs from 'node:fs';
import { expectAxeClean } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import { DEMO_PASSWORD, forgetSavedCall, SERVER, shot, signIn } from './helpers.js';

/*
 * Call search (administration.md §2, §5; issue 17 point 2): filters in the URL, completed calls only until 'Show
 * uncompleted', sorting and page sizes on the server, a reload keeps the search, a row opens its customer.
 */

const grid = (page: Page) => page.getByTestId('call-search-grid');
const summary = (page: Page) => page.getByTestId('call-search-summary');
/**
 * A column's cells in the order the grid shows them (by row index): AG Grid keeps the DOM element of a row that stays
 * across a new sort, so the elements' order need not be the rows' order.
 */
const column = async (page: Page, colId: string) =>
  grid(page)
    .locator(`[role="row"][row-index]:has([role="gridcell"][col-id="${colId}"])`)
    .evaluateAll(
      (rows, id) =>
        rows
          .map((row) => ({
            index: Number(row.getAttribute('row-index')),
            text: (row.querySelector(`[role="gridcell"][col-id="${id}"]`)?.textContent ?? '').trim(),
          }))
          .sort((a, b) => a.index - b.index)
          .map((r) => r.text),
      colId,
    );

test.afterEach(async ({ request }) => {
  await forgetSavedCall(request, 'supervisor', DEMO_PASSWORD);
});

test('a supervisor searches calls by type and completion, sorts, pages, reloads and opens one', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'supervisor');
  await page.getByTestId('app-callSearch').click();
  await expect(page).toHaveURL(/\/call-center\/callSearch$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Call Search' })).toBeVisible();
  await expect(summary(page)).not.toHaveText('Loading…', SERVER);

  // Completed calls only at first: every row says so.
  const completed = await column(page, 'callComplete');
  expect(completed.every((v) => v === 'Yes')).toBe(true);

  await page.getByTestId('filter-uncompleted').click();
  await expect(page).toHaveURL(/uncompleted=1/);
  await expect(summary(page)).toContainText(/of [\d,]+ calls/, SERVER);
  await expect.poll(async () => (await column(page, 'callComplete')).includes('No'), SERVER).toBe(true);

  // One call type.
  await page.getByTestId('filter-types').click();
  await page.getByRole('option', { name: 'Cancel', exact: false }).first().click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/types=Cancel/);
  await expect.poll(async () => new Set(await column(page, 'Type')), SERVER).toEqual(new Set(['Cancel']));
  const count = (await summary(page).textContent()) ?? '';

  // Sorted on the server by last name, both ways.
  await grid(page).getByRole('columnheader', { name: 'Last Name' }).click();
  await expect(page).toHaveURL(/sort=LastName&dir=asc/);
  await expect
    .poll(async () => {
      const names = await column(page, 'LastName');
      return names.length > 1 && names.every((n, i) => i === 0 || names[i - 1]!.localeCompare(n) <= 0);
    }, SERVER)
    .toBe(true);

  await page.getByTestId('page-size').click();
  await page.getByRole('option', { name: '500' }).click();
  await expect(page).toHaveURL(/size=500/);
  await shot(page, 'call-search');

  // A reload keeps the whole search.
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(page.getByTestId('filter-uncompleted')).toBeChecked();
  await expect(summary(page)).toContainText(count.replace(/^.*(of .*)$/, '$1'), SERVER);
  await expect(page.getByTestId('page-size')).toHaveValue('500');

  await expectAxeClean(page, 'the call search with results');

  // The export has every match of the search, whatever the page size.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-calls').click()]);
  expect(download.suggestedFilename()).toBe('calls.csv');
  const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toMatch(
    /^OutboundId,branchNo,cust_No,FirstName,LastName,callComplete,Type,lastAccessDate,agentName/,
  );
  const matches = Number(/of ([\d,]+) calls/.exec(count)?.[1]?.replaceAll(',', ''));
  expect(lines.length - 1).toBe(matches);
  expect(lines.slice(1).every((line) => line.split(',')[6] === 'Cancel')).toBe(true);

  // A row opens its customer on the call screen.
  const custNo = (await column(page, 'cust_No'))[0]!;
  await grid(page).locator('[role="row"][row-index="0"]').first().click();
  await expect(page).toHaveURL(new RegExp(`/call-center/current-call/\\d+/${custNo}/Cancel$`), SERVER);
});
