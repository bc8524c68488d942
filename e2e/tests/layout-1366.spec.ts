import { expect, test, type Locator, type Page } from './fixtures.js';
import { pageToken, SERVER, shot, signIn } from './helpers.js';

/**
 * A call-centre desk's screen, 1366x768 (docs/decisions/070-screens-at-1366.md): the columns a CSR works from are
 * in view without scrolling sideways, MeasureIt Search shows a useful number of properties above the fold, and the
 * Pricing tab stays compact.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const FOLD = 768;

/**
 * Is the header cell of the column inside the grid's box (left and right)? A column the grid would scroll to lies
 * partly or wholly outside it: the grid clips it, but its box is where it would be drawn.
 */
async function columnInView(grid: Locator, colId: string): Promise<boolean> {
  const header = grid.locator(`.ag-header-cell[col-id="${colId}"]`);
  const [h, b] = await Promise.all([header.boundingBox(), grid.boundingBox()]);
  return h !== null && b !== null && h.x >= b.x - 1 && h.x + h.width <= b.x + b.width + 1;
}

async function expectColumnsInView(grid: Locator, colIds: string[]): Promise<void> {
  const hidden: string[] = [];
  for (const colId of colIds) if (!(await columnInView(grid, colId))) hidden.push(colId);
  expect(hidden, 'columns out of view').toEqual([]);
}

/**
 * How far the grid's columns reach past its horizontal scroll's viewport (AG Grid sizes what it scrolls to the width of
 * every column): more than 0 is a grid that scrolls sideways.
 */
const sidewaysIn = (grid: Locator) =>
  grid
    .locator('.ag-body-horizontal-scroll-viewport')
    .evaluate((viewport) => viewport.scrollWidth - viewport.clientWidth);

/** Leave the story call without saving it, so that the next journey finds it free. */
async function releaseCall(page: Page, sqldbid: number, customerNo: number): Promise<void> {
  const token = await pageToken(page);
  const answer = await page.request.post('/api/call-center/call-inactive', {
    headers: { authorization: `Bearer ${token}` },
    data: { sqldbid, customerNo, save: false },
  });
  expect(answer.ok()).toBe(true);
}

test('the outbound grid shows the columns a CSR calls from without scrolling sideways', async ({ page }) => {
  await signIn(page, 'csr.cof');
  await page.goto('/call-center/outbound');
  const button = page.getByTestId('outbound-section-Cancel').getByRole('button', { name: /^Cancel Calls/ });
  await button.click();
  const grid = page.getByRole('region', { name: 'Cancel Calls calls' });
  await expect(grid.locator('.ag-row[row-index="0"] [col-id="cust_No"]')).not.toBeEmpty(SERVER);
  await shot(page, 'layout-1366-outbound');
  await expectColumnsInView(grid, [
    'cust_No',
    'callBackDate',
    'LastCalled',
    'branchNo',
    'CallStatus',
    'FirstName',
    'LastName',
    'Street',
    'City',
    'State',
    'Zip',
  ]);
});

test('the call screen: the History grid shows every column without scrolling sideways, the Pricing tab is compact', async ({
  page,
}) => {
  const story = { sqldbid: 18001, customerNo: 1001 };
  await signIn(page, 'csr.franchise');
  await page.goto(`/call-center/current-call/${story.sqldbid}/${story.customerNo}/Inbound`);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);

  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('history-grid');
  await expect(history.locator('.ag-row').first()).toBeVisible(SERVER);
  await shot(page, 'layout-1366-history');
  // Every column the grid has, the direction inside the Type cell (docs/decisions/089-screens-fill-the-desk-and-the-floor-shows-who-is-in.md).
  const columns = await history
    .locator('.ag-header-cell[col-id]')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('col-id')));
  expect(columns).toEqual(['call_start', 'call_type', 'call_result', 'csagent', 'totalcost', 'call_reason', 'package']);
  await expectColumnsInView(history, columns as string[]);
  expect(await sidewaysIn(history), 'the History grid scrolls sideways').toBeLessThanOrEqual(0);
  await expect(history.locator('.ag-row').first().locator('[data-direction]')).toHaveText(/\((Incoming|Outgoing)\)$/);

  await page.getByRole('tab', { name: 'Pricing' }).click();
  const pricing = page.getByTestId('pricing-tab');
  await expect(pricing).toBeVisible(SERVER);
  await expect(pricing.getByRole('table').first()).toBeVisible(SERVER);
  await shot(page, 'layout-1366-pricing');
  const box = await pricing.boundingBox();
  // About 2.5 screens before; programs and services beside what is paid now fit in about one and a half.
  expect(box?.height ?? Infinity).toBeLessThanOrEqual(FOLD * 1.7);
  // Each additional service's name reads on one line (decision 079): none broken between or inside its words.
  const names = pricing.locator('[data-testid^="service-"] .mantine-Checkbox-label');
  await expect(names.first()).toBeVisible();
  const wrapped = await names.evaluateAll((labels) =>
    labels
      .filter((l) => l.getBoundingClientRect().height > parseFloat(getComputedStyle(l).fontSize) * 2)
      .map((l) => l.textContent),
  );
  expect(wrapped, 'service names on more than one line').toEqual([]);

  await releaseCall(page, story.sqldbid, story.customerNo);
});

test('MeasureIt Search shows a useful number of properties above the fold', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/searchMeasureIt');
  const grid = page.getByTestId('measureit-search-grid');
  await expect(grid.locator('.ag-row').first()).toBeVisible(SERVER);
  await shot(page, 'layout-1366-measureit-search');
  // Each row's cells in the grid's pinned and centre parts are separate rows of the DOM: count row indexes once.
  const above = await grid
    .locator('.ag-row[row-index]')
    .evaluateAll(
      (rows, fold) =>
        new Set(rows.filter((r) => r.getBoundingClientRect().bottom <= fold).map((r) => r.getAttribute('row-index')))
          .size,
      FOLD,
    );
  expect(above).toBeGreaterThanOrEqual(8);
});

test("MeasureIt Search: a franchise user's franchise reads whole in its filter, the filters on one line", async ({
  page,
}) => {
  await signIn(page, 'csr.franchise');
  await page.goto('/searchMeasureIt');
  const franchise = page.getByTestId('filter-franchise');
  await expect(franchise).toHaveValue('SG101 — Green Meadows Lawn Care', SERVER);
  // The text fits its box: not cut at the box's edge.
  expect(await franchise.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  const tops = await Promise.all(
    ['filter-franchise', 'filter-proximity', 'filter-list'].map(
      async (id) => (await page.getByTestId(id).boundingBox())?.y,
    ),
  );
  expect(new Set(tops).size, 'the filters on one line').toBe(1);
});

test('User Management shows every column whole, Sign-in included', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/UserManagement');
  const grid = page.getByTestId('users-grid');
  await expect(grid.locator('.ag-row[row-index="0"] [col-id="signIn"]')).not.toBeEmpty(SERVER);
  await shot(page, 'layout-1366-users');
  await expectColumnsInView(grid, ['edit', 'Username', 'FirstName', 'LastName', 'Brand', 'Company', 'Role', 'signIn']);
  // And no cell cut short: the longest role and sign-in read whole (decision 079).
  const cut = await grid
    .locator('.ag-center-cols-container .ag-cell')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
  expect(cut, 'cells cut short').toEqual([]);
});

test('a supervisor’s header on a call fits: every link, the state, the phone badge and the account read whole', async ({
  page,
}) => {
  await signIn(page, 'supervisor');
  // On a call the state reads 'On call' with its timer: the widest the header gets.
  const story = { sqldbid: 18001, customerNo: 1001 };
  await page.goto(`/call-center/current-call/${story.sqldbid}/${story.customerNo}/Inbound`);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: /^On call/ })).toBeVisible(SERVER);
  // A label the header squeezed is cut with an ellipsis or clipped: its content is wider than its box.
  const cut = await banner.evaluate((header): string[] =>
    Array.from(header.querySelectorAll<HTMLElement>('a, button, [title], .mantine-Badge-label'))
      .filter((el) => el.offsetWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      .map((el): string => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName),
  );
  expect(cut, 'header items cut at 1366 px').toEqual([]);
  const links = ['Dashboard', 'All Quotes', 'Floor', 'Reports'];
  for (const name of links) {
    const box = await banner.getByRole('link', { name }).boundingBox();
    expect(box && box.x + box.width <= 1366, `${name} inside the window`).toBe(true);
  }
  await shot(page, 'layout-1366-supervisor-header');
  await releaseCall(page, story.sqldbid, story.customerNo);
});
