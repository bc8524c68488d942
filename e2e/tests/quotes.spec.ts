import { expectAxeClean } from './axe.js';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { pageToken, shot, signIn } from './helpers.js';

/**
 * All Quotes (administration.md, header and menu): the header's menu entry opens the orders of the user's scope on
 * the pending quotes; a status filter, a search and server-side sort and paging; a row opens the order's drawer
 * with its lines, discounts and totals, and 'Open call' the customer's call. The header's quote search box opens
 * an order by its number. csr.franchise sees only its branches SG101 and SG102.
 */

test.describe.configure({ timeout: 120_000 });
const LOAD = { timeout: 30_000 };

interface Row {
  id: number;
  branchNo: string;
  orderStatus: string;
  customerNo: number;
  customerLastName: string;
  total: number;
  updated: string;
}
interface Detail {
  items: { serviceName: string }[];
  discounts: { couponCode: string }[];
}
interface Page_ {
  data: Row[];
  total: number;
  next: string | null;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await pageToken(page);
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

const grid = (page: Page) => page.getByRole('region', { name: 'Orders' });
const cell = (g: Locator, rowIndex: number, colId: string) =>
  g.locator(`.ag-row[row-index="${rowIndex}"] [role="gridcell"][col-id="${colId}"]`);
/** The texts of one column, row by row in the grid's order (row-index, not DOM order). */
const columnTexts = (g: Locator, colId: string) =>
  g.locator('.ag-row').evaluateAll(
    (rows, id) =>
      rows
        .map((row) => ({
          index: Number(row.getAttribute('row-index')),
          text: row.querySelector(`[role="gridcell"][col-id="${id}"]`)?.textContent?.trim() ?? '',
        }))
        .sort((a, b) => a.index - b.index)
        .map((r) => r.text),
    colId,
  );
/** Wait until the grid shows these order numbers, in this order. */
const expectIds = (g: Locator, ids: number[]) => expect.poll(() => columnTexts(g, 'id'), LOAD).toEqual(ids.map(String));
/** The header titles as shown (without AG Grid's hidden sort-order number). */
const headers = (g: Locator) =>
  g
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((c) => c.querySelector('.ag-header-cell-text')?.textContent?.trim() ?? ''));
/** A segment of the status filter (its radio input is visually hidden behind the label). */
const statusSegment = (page: Page, label: string) =>
  page.getByTestId('quotes-status').locator('label', { hasText: label });
const summary = (page: Page) => page.getByTestId('quotes-summary');

const expectAccessible = (page: Page, what: string) => expectAxeClean(page, what);

async function openAllQuotes(page: Page, username = 'csr.franchise') {
  await signIn(page, username);
  await page.getByRole('link', { name: 'All Quotes' }).click();
  await expect(page).toHaveURL(/\/quotes$/);
  await expect(page.getByRole('heading', { name: 'All Quotes' })).toBeVisible();
  await expect(cell(grid(page), 0, 'id')).not.toBeEmpty(LOAD);
}

test('All Quotes from the menu: csr.franchise sees the pending quotes of SG101 and SG102 only', async ({ page }) => {
  await openAllQuotes(page);
  await expect(page.getByText('Orders of your branches: SG101, SG102')).toBeVisible();
  const g = grid(page);
  expect(await headers(g)).toEqual([
    'Order No.',
    'Customer',
    'Branch',
    'Type',
    'Status',
    'Total',
    'Updated',
    'Created',
    'Source',
  ]);
  // The page opens on the quotes: pending orders, newest update first, as the API answers them.
  await expect(page.getByRole('radio', { name: 'Pending quotes' })).toBeChecked();
  const expected = await apiGet<Page_>(page, '/api/quotes?status=PENDING&pageSize=25');
  expect(expected.total).toBeGreaterThan(0);
  await expect(summary(page)).toHaveText(
    `1–${Math.min(25, expected.total)} of ${expected.total.toLocaleString('en-US')} pending quotes`,
  );
  await expect(g.getByRole('columnheader', { name: 'Updated' })).toHaveAttribute('aria-sort', 'descending');
  await expectIds(
    g,
    expected.data.map((r) => r.id),
  );
  expect(new Set(await columnTexts(g, 'branchNo'))).toEqual(new Set(['SG101', 'SG102']));
  expect(await columnTexts(g, 'orderStatus')).toEqual(expected.data.map(() => 'PENDING'));
  await expect(cell(g, 0, 'total')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(cell(g, 0, 'updated')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await shot(page, 'quotes-pending');

  // Every status: still only the two branches, and the count the API gives for the scope.
  await statusSegment(page, 'All orders').click();
  await expect(page).toHaveURL(/status=all/);
  const all = await apiGet<Page_>(page, '/api/quotes?pageSize=500');
  await expect(summary(page)).toHaveText(`1–25 of ${all.total.toLocaleString('en-US')} orders`);
  expect(all.data.every((r) => ['SG101', 'SG102'].includes(r.branchNo))).toBe(true);
  expect(new Set(all.data.map((r) => r.orderStatus))).toEqual(new Set(['PENDING', 'SUBMITTED', 'EXPIRED']));

  await expectAccessible(page, 'All Quotes, every status');
});

test('sort on the server by total and by customer; page through', async ({ page }) => {
  await openAllQuotes(page);
  await statusSegment(page, 'All orders').click();
  const g = grid(page);
  await expect(summary(page)).toHaveText(/^1–25 of /);

  // Total: ascending on the first click, descending on the second; the server's order each time.
  await g.getByRole('columnheader', { name: 'Total' }).click();
  await expect(page).toHaveURL(/sort=total&dir=asc/);
  const ascending = await apiGet<Page_>(page, '/api/quotes?sort=total&dir=asc&pageSize=25');
  await expectIds(
    g,
    ascending.data.map((r) => r.id),
  );
  await expect(g.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'ascending');
  await g.getByRole('columnheader', { name: 'Total' }).click();
  await expect(page).toHaveURL(/sort=total&dir=desc/);
  const descending = await apiGet<Page_>(page, '/api/quotes?sort=total&dir=desc&pageSize=25');
  await expectIds(
    g,
    descending.data.map((r) => r.id),
  );
  const totals = (await columnTexts(g, 'total')).map((t) => Number(t.replace(/[$,]/g, '')));
  expect(totals).toEqual([...totals].sort((a, b) => b - a));

  // Customer: by last name.
  await g.getByRole('columnheader', { name: 'Customer' }).click();
  await expect(page).toHaveURL(/sort=customer&dir=asc/);
  const byName = await apiGet<Page_>(page, '/api/quotes?sort=customer&dir=asc&pageSize=25');
  await expectIds(
    g,
    byName.data.map((r) => r.id),
  );
  await shot(page, 'quotes-sorted-by-customer');

  // The next page continues the same order, asked for by the first page's last row (decision 034).
  const asked = page.waitForRequest((r) => r.url().includes('/api/quotes?') && r.url().includes('page=2'));
  await page.getByRole('button', { name: 'Page 2' }).click();
  expect(new URL((await asked).url()).searchParams.get('after')).toBe(byName.next);
  await expect(page).toHaveURL(/page=2/);
  await expect(page).not.toHaveURL(/after=/);
  const second = await apiGet<Page_>(page, '/api/quotes?sort=customer&dir=asc&pageSize=25&page=2');
  await expectIds(
    g,
    second.data.map((r) => r.id),
  );
  await expect(summary(page)).toHaveText(/^26–50 of /);

  // A jump to a page never reached goes by number; back to a page passed goes by key again.
  const jumped = page.waitForRequest((r) => r.url().includes('/api/quotes?') && r.url().includes('page=4'));
  await page.getByRole('button', { name: 'Page 4' }).click();
  expect(new URL((await jumped).url()).searchParams.get('after')).toBeNull();
  await expect(summary(page)).toHaveText(/^76–100 of /);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expectIds(
    g,
    second.data.map((r) => r.id),
  );
});

test('the header’s quote search box opens an order by its number; a row opens the order’s drawer', async ({ page }) => {
  await openAllQuotes(page);
  // An order with several lines and a coupon, so the drawer shows them all.
  const orders = await apiGet<Page_>(page, '/api/quotes?sort=total&dir=desc&pageSize=100');
  let target: Row | undefined;
  let detail: Detail | undefined;
  for (const row of orders.data) {
    const answer = await apiGet<Detail>(page, `/api/quotes/${row.id}`);
    if (answer.items.length > 1 && answer.discounts.length > 0) {
      target = row;
      detail = answer;
      break;
    }
  }
  if (!target || !detail) throw new Error('no order with several lines and a coupon');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const box = page.getByRole('textbox', { name: 'Quote search' });
  await box.fill(String(target.id));
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/quotes\\?status=all&q=${target.id}&order=${target.id}$`));
  const drawer = page.getByRole('dialog', { name: `Order ${target.id}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('quote-total')).toHaveText(
    `$${target.total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  const lines = drawer.getByRole('table', { name: 'Order lines' });
  await expect(lines.locator('tbody tr')).toHaveCount(detail.items.length);
  await expect(lines.getByRole('columnheader')).toHaveText([
    'Service',
    'Unit Price',
    'Qty',
    'Extended',
    'Unit Sold',
    'Ext. Sold',
    'Installment',
    'Months Left',
  ]);
  for (const item of detail.items) await expect(lines).toContainText(item.serviceName);
  for (const discount of detail.discounts) {
    await expect(drawer.getByTestId('quote-discounts')).toContainText(discount.couponCode);
  }
  await expect(drawer.getByTestId('quote-branch')).toContainText(target.branchNo);
  await expect(drawer.getByTestId('quote-customer-no')).toHaveText(String(target.customerNo));
  // The list behind is filtered by the number, on every status.
  await expect(cell(grid(page), 0, 'id')).not.toBeEmpty(LOAD);
  await expect(summary(page)).toContainText(`for order or customer number ${target.id}`);
  await shot(page, 'quotes-drawer');
  await expectAccessible(page, 'the order drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/order=/);

  // A customer's last name from the header: the list of that name, and a row opens its order.
  await box.fill(target.customerLastName);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/quotes\?status=all&q=/);
  await expect(page.getByRole('textbox', { name: 'Search orders' })).toHaveValue(target.customerLastName);
  const g = grid(page);
  await expect(cell(g, 0, 'customer')).toContainText(target.customerLastName, LOAD);
  for (const name of await columnTexts(g, 'customer')) {
    expect(name.toLowerCase().startsWith(target.customerLastName.toLowerCase())).toBe(true);
  }
  await cell(g, 0, 'customer').click();
  await expect(page.getByRole('dialog', { name: /^Order \d+$/ })).toBeVisible();
  await expect(page.getByTestId('quote-customer-name')).toContainText(target.customerLastName);

  // Something that is neither a number, a name nor a phone is refused where it was typed.
  await page.keyboard.press('Escape');
  await box.fill('50%');
  await box.press('Enter');
  await expect(page.getByRole('tooltip')).toContainText('an order number, a customer number, a last name');
});

test('Open call opens the current-call screen for the order’s customer as an inbound call', async ({ page }) => {
  await openAllQuotes(page);
  await statusSegment(page, 'Submitted').click();
  await expect(page).toHaveURL(/status=SUBMITTED/);
  const g = grid(page);
  await expect.poll(() => columnTexts(g, 'orderStatus'), LOAD).toContain('SUBMITTED');
  expect(new Set(await columnTexts(g, 'orderStatus'))).toEqual(new Set(['SUBMITTED']));
  const customerNo = (await cell(g, 0, 'customer').textContent())?.match(/#(\d+)/)?.[1];
  await cell(g, 0, 'id').click();
  const drawer = page.getByRole('dialog', { name: /^Order \d+$/ });
  await expect(drawer.getByTestId('quote-lines')).toBeVisible();
  await drawer.getByRole('button', { name: 'Open call' }).click();
  await expect(page).toHaveURL(new RegExp(`/call-center/current-call/\\d+/${customerNo}/Inbound$`));
  await expect(page.getByTestId('customer-branch')).toHaveText(/^SG10[12]$/, LOAD);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', LOAD);

  // Cancel Call ends it (back to the inbound search), so no saved call sends a later journey to this screen.
  await page.getByTestId('call-header').getByRole('button', { name: 'Cancel Call' }).click();
  // Cancel Call asks first (the abandon confirmation).
  await page
    .getByRole('dialog', { name: 'Please confirm navigation' })
    .getByRole('button', { name: 'Cancel the call' })
    .click();
  await expect(page).toHaveURL(/\/call-center\/inbound$/, LOAD);
  expect((await apiGet<{ saved: unknown }>(page, '/api/call-center/saved-call')).saved).toBeNull();
});
