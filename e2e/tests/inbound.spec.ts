import { expect, test, type Page } from './fixtures.js';
import { SERVER, shot } from './helpers.js';
import {
  advancedSearch,
  expectNoAxeViolations,
  field,
  grid,
  openInbound,
  pageSize,
  summary,
} from './inbound-support.js';

/** The inbound customer search: /call-center/inbound (call-handling.md §2, §5, §8, §9). */

const OVER_LIMIT = /^Total of \d+ records will be returned\. Please refine your search criteria\.$/;
const ZIP_NOT_SERVICED = 'The franchise is not offering Lawn Care services at this zip code.';
const CURRENT_CALL = /\/call-center\/current-call\/(\d+)\/(\d+)\/Inbound$/;

test.describe.configure({ timeout: 120_000 });

const addressInput = (page: Page) => page.getByRole('combobox', { name: 'Address' });

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

  // Page sizes 25 (the first), 50 and 100 are offered; the Open column is 61 px wide, header and cells.
  await expect(pageSize(page)).toHaveValue('25');
  await pageSize(page).click();
  const sizes = page.getByRole('listbox').getByRole('option');
  await expect(sizes).toHaveText(['25', '50', '100']);
  // The page of 50 comes from the server; the cells are measured once it has been drawn (a cell being redrawn has no
  // box).
  const resized = page.waitForResponse('**/api/InboundCall/SearchindCustomers');
  await sizes.nth(1).click();
  await expect(pageSize(page)).toHaveValue('50');
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

test('Cancel Call returns to the search as it was: criteria, results, page size and filters', async ({ page }) => {
  // A search, a call opened and cancelled, and the scan: more than a search alone.
  test.setTimeout(240_000);
  await openInbound(page);
  await advancedSearch(page, { 'Last name': 'Smith', State: 'IL' });
  await expect(summary(page)).toHaveText(/^\d+ customers found$/, SERVER);
  const found = await summary(page).textContent();
  await pageSize(page).click();
  const resized = page.waitForResponse('**/api/InboundCall/SearchindCustomers');
  await page.getByRole('listbox').getByRole('option', { name: '50' }).click();
  await resized;
  await page.getByRole('switch', { name: 'Column filters' }).click({ force: true });
  const open = grid(page)
    .getByRole('button', { name: /^Open call for / })
    .first();
  const name = (await open.getAttribute('aria-label')) ?? '';
  await Promise.all([page.waitForURL(CURRENT_CALL, SERVER), open.click()]);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);

  // The wrong row: Cancel Call, and the search is there again (the grid reads its page of 50 for the same criteria).
  await page.getByTestId('call-header').getByRole('button', { name: 'Cancel Call' }).click();
  await page
    .getByRole('dialog', { name: 'Please confirm navigation' })
    .getByRole('button', { name: 'Cancel the call' })
    .click();
  await expect(page).toHaveURL(/\/call-center\/inbound$/, SERVER);
  await expect(page.getByRole('tab', { name: 'Advanced Search' })).toHaveAttribute('aria-selected', 'true');
  await expect(field(page, 'Last name')).toHaveValue('Smith');
  await expect(field(page, 'State')).toHaveValue('IL');
  await expect(summary(page)).toHaveText(found ?? '');
  await expect(grid(page).getByRole('button', { name, exact: true })).toBeVisible(SERVER);
  await expect(pageSize(page)).toHaveValue('50');
  await expect(grid(page).getByRole('textbox', { name: 'Branch Filter Input' })).toBeVisible();
  await shot(page, 'inbound-after-cancel-call');
  await expectNoAxeViolations(page);

  // Clear still empties the fields; coming to the screen by its link starts a new search.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(field(page, 'Last name')).toHaveValue('');
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await page.goto('/call-center/inbound');
  await expect(page.getByRole('heading', { name: 'Inbound Calls' })).toBeVisible(SERVER);
  await expect(summary(page)).not.toHaveText(found ?? '');
  await expect(page.getByRole('tab', { name: 'Address Search' })).toHaveAttribute('aria-selected', 'true');
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
  // The example is the start of one of the user's own branches (SG101, SG102).
  await expect(dialog.getByRole('combobox', { name: 'Franchise' })).toHaveAttribute(
    'placeholder',
    'Type a branch number, e.g. SG1',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Search Again...' })).toBeVisible();
});

test("a company-owned CSR's Add Call example is a company-owned branch, not another company's", async ({ page }) => {
  await openInbound(page, 'csr.cof');
  await advancedSearch(page, { 'Last name': 'Zzyzxq', 'First name': 'Ann' });
  const dialog = page.getByRole('dialog', { name: 'Add Call' });
  await expect(dialog).toBeVisible(SERVER);
  await expect(dialog.getByRole('combobox', { name: 'Franchise' })).toHaveAttribute(
    'placeholder',
    'Type a branch number, e.g. SLI',
    SERVER,
  );
  await shot(page, 'inbound-add-call-cof');
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

// The branches each scope shows: the company-owned CSR only its SLI… branches, the administrator any.
for (const [username, endpoint, branch] of [
  ['admin', 'SearchCustomers', /^[A-Z]+\d+$/],
  ['csr.cof', 'SearchcofCustomers', /^SLI\d+$/],
] as const) {
  test(`${username} searches through ${endpoint}`, async ({ page }) => {
    await openInbound(page, username);
    const request = page.waitForRequest(`**/api/InboundCall/${endpoint}`);
    await advancedSearch(page, { 'Last name': 'Smith', 'First name': 'Jo' });
    await request;
    // What the user sees: the matches, each a Smith whose first name starts with Jo, in the user's branches.
    await expect(summary(page)).toHaveText(/^\d+ customers? found$/, SERVER);
    const rows = grid(page).locator('[role="row"][row-index]:has([role="gridcell"][col-id="Name"])');
    await expect(rows.first()).toBeVisible();
    const seen = await rows.evaluateAll((all) =>
      all.map((row) => ({
        name: row.querySelector('[role="gridcell"][col-id="Name"]')?.textContent?.trim() ?? '',
        branch: row.querySelector('[role="gridcell"][col-id="Branch"]')?.textContent?.trim() ?? '',
      })),
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const row of seen) {
      expect(row.name).toMatch(/^Smith, Jo/);
      expect(row.branch).toMatch(branch);
    }
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
