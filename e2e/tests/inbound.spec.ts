import { expect, test, type Page } from './fixtures.js';
import { AxeBuilder } from '@axe-core/playwright';
import { signIn } from './helpers.js';

/** The inbound customer search: /call-center/inbound (call-handling.md §2, §5, §8, §9). */

const OVER_LIMIT = /^Total of \d+ records will be returned\. Please refine your search criteria\.$/;
const ZIP_NOT_SERVICED = 'The franchise is not offering Lawn Care services at this zip code.';
const CURRENT_CALL = /\/call-center\/current-call\/(\d+)\/(\d+)\/Inbound$/;
/** Answers that wait on the server (search, zip check, lookups) get more time on a busy machine. */
const SERVER = { timeout: 30_000 };

test.describe.configure({ timeout: 120_000 });

async function openInbound(page: Page, username = 'csr.franchise'): Promise<void> {
  await signIn(page, username);
  await page.goto('/call-center/inbound');
  await expect(page.getByRole('heading', { name: 'Inbound Calls' })).toBeVisible(SERVER);
}

const addressInput = (page: Page) => page.getByRole('combobox', { name: 'Address' });
const field = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Customer search' }).getByRole('textbox', { name, exact: true });
const summary = (page: Page) => page.getByTestId('results-summary');
const grid = (page: Page) => page.getByRole('region', { name: 'Inbound search results' });

async function advancedSearch(page: Page, fields: Record<string, string>): Promise<void> {
  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  await page.getByRole('button', { name: 'Clear' }).click();
  for (const [name, value] of Object.entries(fields)) await field(page, name).fill(value);
  await page.keyboard.press('Enter');
}

/**
 * Record every history push, so that the state handed to the call screen can be read even after that
 * screen has moved on (React Router keeps it in history.state.usr).
 */
async function recordNavigation(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const pushes: { url: string; state: unknown }[] = [];
    (window as unknown as { __pushes: typeof pushes }).__pushes = pushes;
    const push = history.pushState.bind(history);
    history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
      pushes.push({ url: String(url), state });
      push(state, unused, url);
    };
  });
}

/** The theCall the call screen was opened with. */
async function theCall(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => {
    const pushes = (window as unknown as { __pushes: { url: string; state: unknown }[] }).__pushes;
    const open = pushes.filter((p) => p.url.includes('/call-center/current-call/')).pop();
    return (open?.state as { usr: { theCall: Record<string, unknown> } }).usr.theCall;
  });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // The header and the toasts belong to the app shell, not to this screen.
    .exclude('.mantine-AppShell-header')
    .exclude('.mantine-Notifications-root')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('Address Search: focus on Address, search only after a full address is chosen, Enter searches', async ({
  page,
}) => {
  await openInbound(page);
  const input = addressInput(page);
  await expect(input).toBeFocused();
  const search = page.getByRole('button', { name: 'Search', exact: true });
  await expect(search).toBeDisabled();

  await input.pressSequentially('12');
  await expect(page.getByRole('option')).toHaveCount(0); // suggestions start at 3 characters
  await input.pressSequentially('0');
  const first = page.getByRole('option').first();
  await expect(first).toBeVisible(SERVER);
  const chosen = (await first.textContent()) ?? '';
  expect(chosen).toMatch(/^120/);
  await expect(search).toBeDisabled();

  // Enter takes the highlighted suggestion; Enter again searches.
  await input.press('Enter');
  await expect(input).toHaveValue(chosen);
  await expect(search).toBeEnabled();
  const request = page.waitForRequest('**/api/InboundCall/SearchindCustomers');
  await input.press('Enter');
  // The address, and the grid's first page: 25 by branch.
  expect((await request).postDataJSON()).toEqual({
    fulladdress: chosen,
    page: 1,
    pageSize: 25,
    sort: 'Branch',
    dir: 'asc',
    filters: {},
  });
  await expect(summary(page)).toHaveText(/^\d+ customers? found$/, SERVER);
  await expect(
    grid(page)
      .getByRole('row')
      .filter({ hasText: chosen.split(',')[0] ?? '' })
      .first(),
  ).toBeVisible();

  // Typing again clears the choice.
  await input.press('Backspace');
  await expect(search).toBeDisabled();
});

test('Advanced Search: clears the address, focuses Last name, searches on Enter; grid, filters and panels', async ({
  page,
}) => {
  await openInbound(page);
  await addressInput(page).pressSequentially('120');
  await page.getByRole('option').first().click();
  await expect(addressInput(page)).not.toHaveValue('120');

  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  await expect(field(page, 'Last name')).toBeFocused();

  // At least one field.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Fill in at least one field to search.')).toBeVisible();

  await page.keyboard.type('Smith');
  const request = page.waitForRequest('**/api/InboundCall/SearchindCustomers');
  await page.keyboard.press('Enter');
  expect((await request).postDataJSON()).toMatchObject({ lastname: 'Smith', fulladdress: '' });
  await expect(summary(page)).toHaveText(/^\d+ customers found$/, SERVER);

  // The Advanced tab cleared the full address.
  await page.getByRole('tab', { name: 'Address Search' }).click();
  await expect(addressInput(page)).toHaveValue('');
  await expect(addressInput(page)).toBeFocused();
  await page.getByRole('tab', { name: 'Advanced Search' }).click();

  // Columns: Branch sorted ascending first, AccountNo titled 'Cust No'; SQLDBID and callOrigin hidden.
  const headers = grid(page).getByRole('columnheader');
  await expect(grid(page).getByRole('columnheader', { name: 'Branch' })).toHaveAttribute('aria-sort', 'ascending');
  for (const title of ['Cust No', 'Name', 'Address', 'City', 'State', 'Zip', 'Phone', 'Customer Type']) {
    await expect(grid(page).getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  }
  await expect(headers.filter({ hasText: /SQLDBID|callOrigin|AccountNo/ })).toHaveCount(0);
  const rows = grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Open call for / }) });
  await expect(rows.first()).toContainText(/Smith, /);
  await expect(rows.first()).toContainText(/\(\d{3}\) \d{3}-\d{4}/);
  await expect(grid(page).getByText('Page Size:')).toBeVisible();

  // Page sizes 25 (the first), 50 and 100 are offered; the Open column is 61 px wide, header and cells.
  const pageSize = grid(page).getByRole('combobox', { name: 'Page Size' });
  await expect(pageSize).toHaveText('25');
  await pageSize.click();
  const sizes = page.getByRole('listbox').getByRole('option');
  await expect(sizes).toHaveText(['25', '50', '100']);
  // The page of 50 comes from the server; the cells are measured once it has been drawn (a cell being redrawn has no
  // box).
  const resized = page.waitForResponse('**/api/InboundCall/SearchindCustomers');
  await sizes.nth(1).click();
  await expect(pageSize).toHaveText('50');
  await resized;
  await expect(rows.first()).toBeVisible();
  const openWidths = [
    grid(page).locator('.ag-header-cell[col-id="open"]'),
    ...(await grid(page).locator('.ag-cell[col-id="open"]').all()).slice(0, 3),
  ];
  expect(openWidths.length).toBeGreaterThan(1);
  for (const cell of openWidths) {
    await expect.poll(async () => Math.round((await cell.boundingBox())?.width ?? 0)).toBe(61);
  }

  // The filter toggle turns on floating filters.
  await expect(grid(page).getByRole('textbox', { name: 'Branch Filter Input' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Column filters' }).click({ force: true });
  await expect(grid(page).getByRole('textbox', { name: 'Branch Filter Input' })).toBeVisible();

  // The search-panel toggle gives the results the height.
  await page.getByRole('button', { name: 'Hide search panel' }).click();
  await expect(field(page, 'Last name')).toBeHidden();
  await page.getByRole('button', { name: 'Show search panel' }).click();
  await expect(field(page, 'Last name')).toBeVisible();
  await expect(field(page, 'Last name')).toHaveValue('Smith');

  // Clear resets the fields.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(field(page, 'Last name')).toHaveValue('');
});

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
  const paging = grid(page).locator('.ag-paging-row-summary-panel');
  const firstRow = grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Open call for / }) })
    .first();

  await openInbound(page, 'admin');
  const first = answered((body) => body.lastname === 'Smith');
  // About 90 of the demo customers: several pages, within the limit.
  await advancedSearch(page, { 'Last name': 'Smith', 'First name': 'J' });
  const found = (await (await first).json()) as Answer;
  expect(found.total).toBeGreaterThan(25);
  expect(found.total).toBeLessThanOrEqual(500);
  expect(found.rows).toHaveLength(25);
  await expect(summary(page)).toHaveText(`${found.total} customers found`, SERVER);
  await expect(paging).toHaveText(`1 to 25 of ${found.total}`, SERVER);
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
  await grid(page).getByRole('button', { name: 'Next Page' }).click();
  expect((await second).request().postDataJSON()).toMatchObject({ lastname: 'Smith', page: 2, pageSize: 25 });
  await expect(paging).toHaveText(`26 to ${Math.min(50, found.total)} of ${found.total}`, SERVER);

  // A page call that fails says so, and asks again on request.
  await page.route('**/api/InboundCall/SearchCustomers', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'UNAVAILABLE', message: 'The search is unavailable for a moment.' }),
    }),
  );
  await grid(page).getByRole('button', { name: 'Next Page' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'The search is unavailable for a moment.' });
  await expect(failed).toBeVisible(SERVER);
  await page.unroute('**/api/InboundCall/SearchCustomers');
  const third = answered((body) => body.page === 3);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await third;
  await expect(paging).toHaveText(`51 to ${Math.min(75, found.total)} of ${found.total}`, SERVER);
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
  if (narrowed.rowCount !== found.total) {
    await expect(summary(page)).toHaveText(
      `${found.total} customers found, ${narrowed.rowCount} shown by the filters`,
      SERVER,
    );
  }
  await expect(paging).toContainText(`of ${narrowed.rowCount}`, SERVER);

  // A bigger page is one bigger call, and no call in the old size.
  const before = calls.length;
  const hundred = answered((body) => body.pageSize === 100);
  await grid(page).getByRole('combobox', { name: 'Page Size' }).click();
  await page.getByRole('listbox').getByRole('option', { name: '100' }).click();
  expect((await hundred).request().postDataJSON()).toMatchObject({ pageSize: 100, page: 1, sort: 'Name' });
  await expect(paging).toHaveText(`1 to ${narrowed.rowCount} of ${narrowed.rowCount}`, SERVER);
  expect(calls.slice(before).map((body) => body.pageSize)).toEqual([100]);

  // Filters off: every match again.
  const unfiltered = answered((body) => Object.keys((body.filters as object | undefined) ?? {}).length === 0);
  await page.getByRole('switch', { name: 'Column filters' }).click({ force: true });
  expect((await (await unfiltered).json()) as Answer).toMatchObject({ rowCount: found.total });
  await expect(summary(page)).toHaveText(`${found.total} customers found`, SERVER);
  await expect(paging).toHaveText(`1 to ${Math.min(100, found.total)} of ${found.total}`, SERVER);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/shots/inbound-paged.png', fullPage: true });
});

test('column filters that hide every row: the pager reads "No customers found", not "Page 0 of 0"', async ({
  page,
}) => {
  await openInbound(page, 'admin');
  await advancedSearch(page, { 'Last name': 'Smith', 'First name': 'J' });
  await expect(summary(page)).toHaveText(/^\d+ customers found$/, SERVER);
  const pager = grid(page).locator('.ag-paging-panel');
  await expect(pager).toContainText(/1 to 25 of \d+/);

  await page.getByRole('switch', { name: 'Column filters' }).click({ force: true });
  const none = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/InboundCall/SearchCustomers') &&
      (r.request().postDataJSON() as { filters?: Record<string, string> }).filters?.City === 'zzqx',
    SERVER,
  );
  await grid(page).getByRole('textbox', { name: 'City Filter Input' }).fill('zzqx');
  expect(((await (await none).json()) as { rowCount: number }).rowCount).toBe(0);
  // Where the pager was, the words of an empty search; nothing of AG Grid's pager of no rows.
  await expect(grid(page).getByRole('status')).toHaveText('No customers found');
  await expect(pager).toBeHidden();
  await expect(page.getByText(/0 to 0 of 0|Page 0 of 0/).filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: /^Page number/ }).filter({ visible: true })).toHaveCount(0);
  // The grid's body says it too.
  await expect(grid(page).locator('.ag-overlay')).toHaveText('No customers found');
  await expect(summary(page)).toHaveText(/^\d+ customers found, 0 shown by the filters$/);
  await expectNoAxeViolations(page);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/shots/inbound-filtered-empty.png' });

  // Clearing the filter brings the rows and the pager back.
  await grid(page).getByRole('textbox', { name: 'City Filter Input' }).fill('');
  await expect(pager).toContainText(/1 to 25 of \d+/, SERVER);
  await expect(pager.getByRole('spinbutton', { name: /^Page number/ })).toHaveValue('1');
  await expect(grid(page).getByRole('status')).toHaveCount(0);
});

test('Open on a row opens the call with the row as theCall', async ({ page }) => {
  await recordNavigation(page);
  await openInbound(page);
  await advancedSearch(page, { 'Last name': 'Smith' });
  const open = grid(page)
    .getByRole('button', { name: /^Open call for / })
    .first();
  const name = ((await open.getAttribute('aria-label')) ?? '').replace('Open call for ', '');
  await Promise.all([page.waitForURL(CURRENT_CALL, SERVER), open.click()]);
  const [, sqldbid, customerNo] = CURRENT_CALL.exec(page.url()) ?? [];
  expect(await theCall(page)).toMatchObject({
    Name: name,
    SQLDBID: Number(sqldbid),
    AccountNo: Number(customerNo),
    CallOrigin: 'Inbound',
  });
});

test('a search over the row limit shows the refine alert', async ({ page }) => {
  await openInbound(page, 'admin');
  const request = page.waitForRequest('**/api/InboundCall/SearchCustomers');
  await advancedSearch(page, { State: 'IL' });
  await request;
  const alert = page.getByRole('dialog', { name: 'Too Many Records' });
  await expect(alert.getByText(OVER_LIMIT)).toBeVisible(SERVER);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(field(page, 'Last name')).toBeFocused();
});

test('no hits on a zip no franchise serves shows the zip-not-serviced alert', async ({ page }) => {
  await openInbound(page);
  await advancedSearch(page, { 'Last name': 'Zzyzxq', Zip: '99999' });
  const alert = page.getByRole('dialog', { name: 'Zip Code Not Serviced' });
  await expect(alert).toContainText(ZIP_NOT_SERVICED, SERVER);
  await expect(page.getByRole('dialog', { name: 'Add Call' })).toHaveCount(0);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
});

test('no hits open the add-call dialog; Cancel says Search Again...', async ({ page }) => {
  await openInbound(page);
  await advancedSearch(page, { 'Last name': 'Zzyzxq', 'First name': 'Ann' });
  const dialog = page.getByRole('dialog', { name: 'Add Call' });
  await expect(dialog).toBeVisible(SERVER);
  await expect(dialog.getByRole('textbox', { name: 'Last name' })).toHaveValue('Zzyzxq');
  await expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveValue('Ann');
  await expect(dialog.getByRole('combobox', { name: 'Franchise' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Search Again...' })).toBeVisible();
});

test('add call: franchise by branch-number prefix, zip checked against it, then the new prospect call', async ({
  page,
}) => {
  await recordNavigation(page);
  await openInbound(page);
  await advancedSearch(page, { 'Last name': 'Zzyzxq', 'First name': 'Ann', Zip: '60540' });
  const dialog = page.getByRole('dialog', { name: 'Add Call' });
  await expect(dialog).toBeVisible(SERVER);
  await expect(dialog.getByRole('textbox', { name: 'Zip' })).toHaveValue('60540');

  // A franchise that does not serve the zip: the alert shows over the dialog, which stays.
  const franchise = dialog.getByRole('combobox', { name: 'Franchise' });
  await franchise.fill('');
  const lookup = page.waitForRequest((r) => r.url().includes('/api/inbound/franchises?prefix=SG102'));
  await franchise.pressSequentially('SG102');
  await lookup;
  await page.getByRole('option', { name: /^SG102 · .+ · .+, [A-Z]{2}$/ }).click();
  await expect(franchise).toHaveValue(/^SG102 · /);
  await dialog.getByRole('button', { name: 'Add Call' }).click();
  const alert = page.getByRole('dialog', { name: 'Zip Code Not Serviced' });
  await expect(alert).toContainText(ZIP_NOT_SERVICED, SERVER);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(dialog).toBeVisible();

  // The franchise that serves it.
  await franchise.fill('SG101');
  await page.getByRole('option', { name: /^SG101 · / }).click();
  await Promise.all([
    page.waitForURL(/\/call-center\/current-call\/\d+\/0\/Inbound$/, SERVER),
    dialog.getByRole('button', { name: 'Add Call' }).click(),
  ]);
  expect(await theCall(page)).toMatchObject({
    Branch: 'SG101',
    AccountNo: 0,
    FirstName: 'Ann',
    LastName: 'Zzyzxq',
    Zip: '60540',
    CallOrigin: 'Inbound',
    CustomerType: 'Prospect',
  });
});

for (const [username, endpoint] of [
  ['admin', 'SearchCustomers'],
  ['csr.cof', 'SearchcofCustomers'],
] as const) {
  test(`${username} searches through ${endpoint}`, async ({ page }) => {
    await openInbound(page, username);
    const request = page.waitForRequest(`**/api/InboundCall/${endpoint}`);
    await advancedSearch(page, { 'Last name': 'Smith', 'First name': 'Jo' });
    await request;
  });
}

// Signed in with the default (corporate) brand; brand colours are the theme's concern, not this screen's.
test.describe('no axe-core WCAG 2.1 AA violations', () => {
  test('Address Search: empty, suggestions, results', async ({ page }) => {
    await openInbound(page, 'admin');
    await expectNoAxeViolations(page);
    await addressInput(page).pressSequentially('120');
    await expect(page.getByRole('option').first()).toBeVisible(SERVER);
    await expectNoAxeViolations(page);
    await addressInput(page).press('Enter');
    await addressInput(page).press('Enter');
    await expect(summary(page)).toHaveText(/^\d+ customers? found$/, SERVER);
    await expectNoAxeViolations(page);
  });

  test('Advanced Search: results with filters, over-limit alert', async ({ page }) => {
    await openInbound(page, 'admin');
    await advancedSearch(page, { 'Last name': 'Smith', 'First name': 'Ja' });
    await expect(summary(page)).toHaveText(/^\d+ customers found$/, SERVER);
    await page.getByRole('switch', { name: 'Column filters' }).click({ force: true });
    await expect(grid(page).getByRole('textbox', { name: 'Branch Filter Input' })).toBeVisible();
    await expectNoAxeViolations(page);

    await advancedSearch(page, { State: 'IL' });
    await expect(page.getByRole('dialog', { name: 'Too Many Records' })).toBeVisible(SERVER);
    await expectNoAxeViolations(page);
  });

  test('zip-not-serviced alert and add-call dialog', async ({ page }) => {
    await openInbound(page, 'admin');
    await advancedSearch(page, { 'Last name': 'Zzyzxq', Zip: '99999' });
    const zipAlert = page.getByRole('dialog', { name: 'Zip Code Not Serviced' });
    await expect(zipAlert).toBeVisible(SERVER);
    await expectNoAxeViolations(page);
    await zipAlert.getByRole('button', { name: 'OK' }).click();
    await expect(zipAlert).toBeHidden();

    await advancedSearch(page, { 'Last name': 'Zzyzxq' });
    await expect(page.getByRole('dialog', { name: 'Add Call' })).toBeVisible(SERVER);
    await expectNoAxeViolations(page);
  });
});
