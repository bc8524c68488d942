/** The inbound search's grid (call-handling.md §2, §9): paging, sorting and filtering through the server. */
import { expect, test } from './fixtures.js';
import { SERVER } from './helpers.js';
import {
  advancedSearch,
  expectNoAxeViolations,
  grid,
  openInbound,
  pager,
  pageSize,
  pageSummary,
  summary,
} from './inbound-support.js';

test.describe.configure({ timeout: 120_000 });

test('the grid pages, sorts and filters through the server, one call per page', async ({ page }) => {
  type Answer = { rows: { Name: string; City: string }[]; total: number; rowCount: number };
  const calls: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/InboundCall/SearchCustomers')) calls.push(request.postDataJSON());
  });
  const answered = (match: (body: Record<string, unknown>) => boolean) =>
    page.waitForResponse(
      (r) => r.url().endsWith('/api/InboundCall/SearchCustomers') && match(r.request().postDataJSON()),
      SERVER,
    );
  const paging = pageSummary(page);
  // The first row shown: AG Grid keeps a row's element when the row moves, so the DOM's order is not the grid's.
  const firstRow = grid(page)
    .locator('[role="row"][row-index="0"]')
    .filter({ has: page.getByRole('button', { name: /^Open call for / }) });

  await openInbound(page, 'admin');
  const first = answered((body) => body.lastname === 'Smith');
  // About 90 of the demo customers: several pages, within the limit.
  await advancedSearch(page, { 'Last name': 'Smith', 'First name': 'J' });
  const found = (await (await first).json()) as Answer;
  expect(found.total).toBeGreaterThan(25);
  expect(found.total).toBeLessThanOrEqual(500);
  expect(found.rows).toHaveLength(25);
  await expect(summary(page)).toHaveText(`${found.total} customers found`, SERVER);
  await expect(paging).toHaveText(`1–25 of ${found.total}`, SERVER);
  // The first answer fills the first page: no second call for it.
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({
    lastname: 'Smith',
    firstname: 'J',
    page: 1,
    pageSize: 25,
    sort: 'Branch',
    dir: 'asc',
  });

  // The next page is the next call.
  const second = answered((body) => body.page === 2);
  await pager(page).getByRole('button', { name: 'Next page' }).click();
  expect((await second).request().postDataJSON()).toMatchObject({ lastname: 'Smith', page: 2, pageSize: 25 });
  await expect(paging).toHaveText(`26–${Math.min(50, found.total)} of ${found.total}`, SERVER);

  // A page call that fails says so, and asks again on request.
  await page.route('**/api/InboundCall/SearchCustomers', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'UNAVAILABLE', message: 'The search is unavailable for a moment.' }),
    }),
  );
  await pager(page).getByRole('button', { name: 'Next page' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'The search is unavailable for a moment.' });
  await expect(failed).toBeVisible(SERVER);
  await page.unroute('**/api/InboundCall/SearchCustomers');
  const third = answered((body) => body.page === 3);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await third;
  await expect(paging).toHaveText(`51–${Math.min(75, found.total)} of ${found.total}`, SERVER);
  await expect(failed).toBeHidden();

  // A header click sorts every match on the server.
  const byName = answered((body) => body.sort === 'Name');
  await grid(page).getByRole('columnheader', { name: 'Name', exact: true }).click();
  const sorted = (await (await byName).json()) as Answer;
  expect((await byName).request().postDataJSON()).toMatchObject({ sort: 'Name', dir: 'asc' });
  const names = sorted.rows.map((r) => r.Name.toLowerCase());
  expect(names).toEqual([...names].sort());
  await expect(firstRow).toContainText(sorted.rows[0]?.Name ?? '-', SERVER);

  // Column filters too: the count says how many pass them.
  const city = found.rows[0]?.City ?? '';
  await page.getByRole('switch', { name: 'Column filters' }).click({ force: true });
  const filtered = answered((body) => (body.filters as Record<string, string> | undefined)?.City === city);
  await grid(page).getByRole('textbox', { name: 'City Filter Input' }).fill(city);
  const narrowed = (await (await filtered).json()) as Answer;
  expect(narrowed.rowCount).toBeGreaterThan(0);
  expect(narrowed.rows.every((r) => r.City.toLowerCase().includes(city.toLowerCase()))).toBe(true);
  const shown = narrowed.rowCount === found.total ? '' : `, ${narrowed.rowCount} shown by the filters`;
  await expect(summary(page)).toHaveText(`${found.total} customers found${shown}`, SERVER);
  await expect(paging).toContainText(`of ${narrowed.rowCount}`, SERVER);

  // A bigger page is one bigger call, and no call in the old size.
  const before = calls.length;
  const hundred = answered((body) => body.pageSize === 100);
  await pageSize(page).click();
  await page.getByRole('listbox').getByRole('option', { name: '100' }).click();
  expect((await hundred).request().postDataJSON()).toMatchObject({ pageSize: 100, page: 1, sort: 'Name' });
  await expect(paging).toHaveText(`1–${narrowed.rowCount} of ${narrowed.rowCount}`, SERVER);
  expect(calls.slice(before).map((body) => body.pageSize)).toEqual([100]);

  // Filters off: every match again.
  const unfiltered = answered((body) => Object.keys((body.filters as object | undefined) ?? {}).length === 0);
  await page.getByRole('switch', { name: 'Column filters' }).click({ force: true });
  expect((await (await unfiltered).json()) as Answer).toMatchObject({ rowCount: found.total });
  await expect(summary(page)).toHaveText(`${found.total} customers found`, SERVER);
  await expect(paging).toHaveText(`1–${Math.min(100, found.total)} of ${found.total}`, SERVER);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/shots/inbound-paged.png', fullPage: true });
});

test('column filters that hide every row: the grid and its footer read "No customers found"', async ({ page }) => {
  await openInbound(page, 'admin');
  await advancedSearch(page, { 'Last name': 'Smith', 'First name': 'J' });
  await expect(summary(page)).toHaveText(/^\d+ customers found$/, SERVER);
  await expect(pageSummary(page)).toHaveText(/^1–25 of \d+$/);

  await page.getByRole('switch', { name: 'Column filters' }).click({ force: true });
  const none = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/InboundCall/SearchCustomers') &&
      (r.request().postDataJSON() as { filters?: Record<string, string> }).filters?.City === 'zzqx',
    SERVER,
  );
  await grid(page).getByRole('textbox', { name: 'City Filter Input' }).fill('zzqx');
  expect(((await (await none).json()) as { rowCount: number }).rowCount).toBe(0);
  // Under the grid, the words of an empty search, and its body says it too; no pager of no rows.
  await expect(pageSummary(page)).toHaveText('No customers found');
  await expect(grid(page).locator('.ag-overlay')).toHaveText('No customers found');
  await expect(page.getByText(/0 to 0 of 0|Page 0 of 0|0–0/).filter({ visible: true })).toHaveCount(0);
  await expect(summary(page)).toHaveText(/^\d+ customers found, 0 shown by the filters$/);
  await expectNoAxeViolations(page);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/shots/inbound-filtered-empty.png' });

  // Clearing the filter brings the rows back, from the first page.
  await grid(page).getByRole('textbox', { name: 'City Filter Input' }).fill('');
  await expect(pageSummary(page)).toHaveText(/^1–25 of \d+$/, SERVER);
  await expect(pager(page).getByRole('button', { name: 'Page 1' })).toHaveAttribute('data-active', 'true');
  await expect(grid(page).getByText('No customers found')).toBeHidden();
});
