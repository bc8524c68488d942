import fs from 'node:fs';
import { expectAxeClean } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import { DEMO_PASSWORD, forgetSavedCall, SERVER, shot, signIn } from './helpers.js';

/*
 * Call search (administration.md §2, §5): filters in the URL, completed calls only until 'Show
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
  const total = async () =>
    Number(/of ([\d,]+) calls/.exec((await summary(page).textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  await expect(summary(page)).toContainText(/of [\d,]+ calls/, SERVER);
  const completedCount = await total();

  // Uncompleted calls join them. The first page need not hold one (the demo's newest calls are all completed just
  // after midnight), so the count says they came: more calls than the completed ones alone.
  await page.getByTestId('filter-uncompleted').click();
  await expect(page).toHaveURL(/uncompleted=1/);
  await expect.poll(total, SERVER).toBeGreaterThan(completedCount);

  // One call type.
  await page.getByTestId('filter-types').click();
  await page.getByRole('option', { name: 'Cancel', exact: false }).first().click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/types=Cancel/);
  // The grid names the type as the filter does (decision 062).
  await expect.poll(async () => new Set(await column(page, 'Type')), SERVER).toEqual(new Set(['Cancel Calls']));
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
    /^OutboundId,branchNo,cust_No,FirstName,LastName,callComplete,Type,lastAccessDate,callBackCSRName,agentName/,
  );
  const matches = Number(/of ([\d,]+) calls/.exec(count)?.[1]?.replaceAll(',', ''));
  expect(lines.length - 1).toBe(matches);
  expect(lines.slice(1).every((line) => line.split(',')[6] === 'Cancel')).toBe(true);

  // Every filter set, the date range too: its clear button says what it clears, and the page stays axe clean.
  await page.goto(`${url}&from=2020-01-01&to=2030-12-31`);
  // The range is on the last access, which calls never worked have not: the ranged count is at most the unranged.
  await expect(summary(page)).toContainText(/of [\d,]+ calls/, SERVER);
  const ranged = Number(/of ([\d,]+) calls/.exec((await summary(page).textContent()) ?? '')?.[1]?.replaceAll(',', ''));
  expect(ranged).toBeGreaterThan(0);
  expect(ranged).toBeLessThanOrEqual(matches);
  const clearDates = page.getByRole('button', { name: 'Clear the range: Last accessed' });
  await expect(clearDates).toBeVisible();
  await expectAxeClean(page, 'the call search with every filter set');
  await shot(page, 'call-search-filters-set');
  await clearDates.click();
  await expect(page).not.toHaveURL(/from=/);

  // A row opens the call to look at; working it is a choice that goes to the call screen (call-search-view.spec.ts).
  const custNo = (await column(page, 'cust_No'))[0]!;
  await grid(page).locator('[role="row"][row-index="0"]').first().click();
  const view = page.getByRole('dialog', { name: /^Call \d+/ });
  await expect(view.getByTestId('call-view-customer')).toContainText(String(custNo), SERVER);
  await view.getByRole('button', { name: 'Work this call' }).click();
  await expect(page).toHaveURL(new RegExp(`/call-center/current-call/\\d+/${custNo}/Cancel$`), SERVER);
});

test('the agent is the callback CSR: filtered and shown apart from the last worker, blank agents last both ways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin');
  await page.goto('/call-center/callSearch?uncompleted=1');
  await expect(summary(page)).toContainText(/of [\d,]+ calls/, SERVER);
  await expect(grid(page).getByRole('columnheader', { name: 'Agent', exact: true })).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'Last Worked By' })).toBeVisible();

  // Sorted by the agent either way, the calls without one come after every named agent.
  for (const dir of ['ascending', 'descending'] as const) {
    await grid(page).getByRole('columnheader', { name: 'Agent', exact: true }).click();
    await expect(grid(page).getByRole('columnheader', { name: 'Agent', exact: true })).toHaveAttribute(
      'aria-sort',
      dir,
    );
    await expect.poll(async () => (await column(page, 'callBackCSRName'))[0] ?? '', SERVER).not.toBe('');
  }

  // The Agent filter finds the calls the CSR holds: every row names that CSR as its agent.
  await page.getByTestId('filter-agent').click();
  await page.getByRole('option', { name: 'Jordan Owens' }).click();
  await expect(page).toHaveURL(/agent=\d+/);
  await expect
    .poll(async () => {
      const agents = await column(page, 'callBackCSRName');
      return agents.length > 0 && agents.every((a) => a === 'Jordan Owens');
    }, SERVER)
    .toBe(true);
  await shot(page, 'call-search-agent');
  await expectAxeClean(page, 'the call search by agent');
});
