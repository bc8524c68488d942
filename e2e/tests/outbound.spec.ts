import { expectAxeClean } from './axe.js';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { pageSession, pageToken, SERVER, signIn, toast } from './helpers.js';

/**
 * The outbound screen (call-handling.md §2-4, §8): a section per call type with its count, the grid of
 * each list with day filters, server-side paging and order, Refresh, Next Call and Delete Selected.
 * csr.cof (company-owned) uses the COF lists; csr.franchise (independent, branches SG101 and SG102) the
 * IND lists. Only this file deletes calls, and only from Extract Calls of the company-owned branches.
 */

// The grid pages are large and the suite shares its machine: allow for slow first loads.
test.describe.configure({ timeout: 180_000 });
const LOAD = { timeout: 45_000 };

const OUTBOUND = '/call-center/outbound';
const COF_COUNTS = '**/api/OutboundCall/GetOutboundcofCallCounts*';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Count {
  CallTypeName: string;
  CallTypeDisplayName: string;
  count: number;
}
interface Row {
  OutboundId: number;
  SQLDBID: number;
  cust_No: number;
  Type: string;
  CallStatus: string;
  FirstName: string;
  LastName: string;
  callBackDate: string | null;
  LastCalled: string | null;
}

/** GET an API path with the signed-in user's token. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await pageToken(page);
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

const cofCounts = (page: Page) => apiGet<Count[]>(page, '/api/OutboundCall/GetOutboundcofCallCounts');
/** One page of a company-owned list, 25 rows unless the query says otherwise. */
function cofList(page: Page, callType: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams({ pageSize: '25' });
  for (const [key, value] of Object.entries(query)) search.set(key, String(value));
  return apiGet<{ data: Row[]; total: number; next: string | null }>(
    page,
    `/api/call-center/outboundcof/${callType}?${search.toString()}`,
  );
}

/** The sidebar of lists shows from 1408 px (docs/decisions/070-screens-at-1366.md). */
const WITH_SIDEBAR = { width: 1600, height: 900 };

const section = (page: Page, callType: string) => page.getByTestId(`outbound-section-${callType}`);
const control = (page: Page, callType: string, display: string) =>
  section(page, callType).getByRole('button', { name: new RegExp(`^${display}`) });
const badge = (page: Page, callType: string) => page.getByTestId(`outbound-count-${callType}`);
const summary = (page: Page, callType: string) => page.getByTestId(`outbound-${callType}-summary`);
const grid = (page: Page, display: string) => page.getByRole('region', { name: `${display} calls` });
const cell = (g: Locator, rowIndex: number, colId: string) =>
  g.locator(`.ag-row[row-index="${rowIndex}"] [role="gridcell"][col-id="${colId}"]`);
const checkbox = (g: Locator, rowIndex: number) => g.locator(`.ag-row[row-index="${rowIndex}"] input[type="checkbox"]`);

async function openOutbound(page: Page, username = 'csr.cof') {
  await signIn(page, username);
  await page.goto(OUTBOUND);
  await expect(page.getByRole('heading', { name: 'Outbound Calls' })).toBeVisible(LOAD);
}

async function openSection(page: Page, callType: string, display: string) {
  const button = control(page, callType, display);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(cell(grid(page, display), 0, 'cust_No')).not.toBeEmpty(LOAD);
}

/** Choose one whole day in a range picker: open it, go to the day's month, click the day twice. */
async function pickDay(page: Page, callType: string, label: string, day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const monthLabel = `${MONTHS[month - 1]} ${year}`;
  await section(page, callType).getByRole('button', { name: label, exact: true }).click();
  const level = page.getByRole('button', { name: 'Choose a month' });
  await expect(level).toBeVisible();
  for (let i = 0; i < 24 && (await level.textContent()) !== monthLabel; i++) {
    const shown = (await level.textContent()) ?? '';
    const [shownMonth, shownYear] = shown.split(' ');
    const before = Number(shownYear) * 12 + MONTHS.indexOf(shownMonth ?? '') > year * 12 + month - 1;
    await page.getByRole('button', { name: before ? 'Previous month' : 'Next month' }).click();
  }
  const dayButton = page.getByRole('button', { name: `${date} ${monthLabel}`, exact: true });
  await dayButton.click();
  await dayButton.click();
  await expect(level).toBeHidden();
}

test('a section per call type with its count; a section opens on a grid of 25 calls with the spec columns', async ({
  page,
}) => {
  await openOutbound(page);
  const counts = await cofCounts(page);
  expect(counts.map((c) => c.CallTypeDisplayName)).toEqual([
    'Cancel Calls',
    'Upsell Postcard',
    'Customer Survey',
    'Skipped Rounds',
    'Web Leads',
    'Inbound Follow-Up',
    'Property Evaluation',
    'Commercial Leads',
    'Extract Calls',
  ]);
  for (const c of counts) {
    await expect(control(page, c.CallTypeName, c.CallTypeDisplayName)).toHaveAttribute('aria-expanded', 'false');
    await expect(badge(page, c.CallTypeName)).toHaveText(c.count.toLocaleString('en-US'));
  }

  await openSection(page, 'Cancel', 'Cancel Calls');
  const cancel = counts.find((c) => c.CallTypeName === 'Cancel')!;
  await expect(summary(page, 'Cancel')).toHaveText(`1–25 of ${cancel.count} calls`);
  const g = grid(page, 'Cancel Calls');
  const headers = await g.locator('.ag-header-cell-text').allTextContents();
  // The spec's columns, Zip beside State (docs/decisions/070-screens-at-1366.md).
  expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual([
    'Account',
    'Call Target',
    'Last Called',
    'Branch No',
    'Status',
    'First Name',
    'Last Name',
    'Street',
    'City',
    'State',
    'Zip',
    'Name',
    'Customer Type',
    'CustStatus',
  ]);
  // Call Target in the call-time format, earliest first, as the server sends it.
  const first = await cofList(page, 'Cancel');
  await expect(cell(g, 0, 'callBackDate')).toHaveText(first.data[0]!.callBackDate ?? '');
  await expect(cell(g, 0, 'callBackDate')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(cell(g, 0, 'cust_No')).toHaveText(String(first.data[0]!.cust_No));
  await expect(
    g.getByRole('button', { name: `Open call for ${first.data[0]!.FirstName} ${first.data[0]!.LastName}` }),
  ).toBeVisible();

  // The next page comes from the server, asked for by the first page's last row (decision 034).
  const asked = page.waitForRequest((r) => r.url().includes('/outboundcof/Cancel?') && r.url().includes('page=2'));
  await section(page, 'Cancel').getByRole('button', { name: 'Page 2' }).click();
  expect(new URL((await asked).url()).searchParams.get('after')).toBe(first.next);
  await expect(summary(page, 'Cancel')).toHaveText(`26–50 of ${cancel.count} calls`);
  const second = await cofList(page, 'Cancel', { page: 2 });
  await expect(cell(g, 0, 'cust_No')).toHaveText(String(second.data[0]!.cust_No));
});

test('counts and open sections persist between visits: they show at once, then refresh from the server', async ({
  page,
}) => {
  await openOutbound(page);
  await openSection(page, 'Cancel', 'Cancel Calls');
  await openSection(page, 'Upsell', 'Upsell Postcard');
  const counts = await cofCounts(page);
  const cancel = counts.find((c) => c.CallTypeName === 'Cancel')!;

  // Hold the counts request after the reload: what shows meanwhile is what the last visit remembered.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(COF_COUNTS, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(badge(page, 'Cancel')).toHaveText(String(cancel.count), LOAD);
  await expect(control(page, 'Cancel', 'Cancel Calls')).toHaveAttribute('aria-expanded', 'true');
  await expect(control(page, 'Upsell', 'Upsell Postcard')).toHaveAttribute('aria-expanded', 'true');
  await expect(control(page, 'WebLead', 'Web Leads')).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => asked).toBe(true);

  // Then the server's counts replace them: the page asks again while they are held back.
  const answer = page.waitForResponse(COF_COUNTS);
  release();
  await answer;
  await page.unroute(COF_COUNTS);

  // Closing a section is remembered too.
  await control(page, 'Upsell', 'Upsell Postcard').click();
  await expect(control(page, 'Upsell', 'Upsell Postcard')).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await expect(control(page, 'Cancel', 'Cancel Calls')).toHaveAttribute('aria-expanded', 'true', LOAD);
  await expect(control(page, 'Upsell', 'Upsell Postcard')).toHaveAttribute('aria-expanded', 'false');
});

test('the Call Target and Last Called filters narrow the rows to whole days', async ({ page }) => {
  await openOutbound(page);
  await openSection(page, 'Cancel', 'Cancel Calls');
  const g = grid(page, 'Cancel Calls');
  const all = (await cofList(page, 'Cancel')).total;

  // The earliest call target: one whole day of it.
  const day = ((await cell(g, 0, 'callBackDate').textContent()) ?? '').slice(0, 10);
  await pickDay(page, 'Cancel', 'Call Target', day);
  const byTarget = await cofList(page, 'Cancel', { callTargetFrom: day, callTargetTo: day });
  expect(byTarget.total).toBeGreaterThan(0);
  expect(byTarget.total).toBeLessThan(all);
  await expect(summary(page, 'Cancel')).toHaveText(
    `1–${Math.min(25, byTarget.total)} of ${byTarget.total} matching calls`,
  );
  for (let i = 0; i < Math.min(byTarget.total, 5); i++) {
    await expect(cell(g, i, 'callBackDate')).toHaveText(new RegExp(`^${day} `));
  }

  // Cleared, then one day of last calls.
  await section(page, 'Cancel').getByRole('button', { name: 'Clear Call Target dates' }).click();
  await expect(summary(page, 'Cancel')).toHaveText(`1–25 of ${all} calls`);
  const called = (await cofList(page, 'Cancel')).data.find((r) => r.LastCalled)!.LastCalled!.slice(0, 10);
  await pickDay(page, 'Cancel', 'Last Called', called);
  const byCalled = await cofList(page, 'Cancel', { lastCalledFrom: called, lastCalledTo: called });
  expect(byCalled.total).toBeGreaterThan(0);
  expect(byCalled.total).toBeLessThan(all);
  await expect(summary(page, 'Cancel')).toHaveText(
    `1–${Math.min(25, byCalled.total)} of ${byCalled.total} matching calls`,
  );
  await expect(cell(g, 0, 'LastCalled')).toHaveText(new RegExp(`^${called} `));
});

test('a header click sorts on the server', async ({ page }) => {
  await openOutbound(page);
  await openSection(page, 'Cancel', 'Cancel Calls');
  const g = grid(page, 'Cancel Calls');
  const header = g.getByRole('columnheader', { name: 'Last Name' });

  const asc = page.waitForRequest((r) => r.url().includes('/outboundcof/Cancel?') && r.url().includes('sort=LastName'));
  await header.click();
  expect(new URL((await asc).url()).searchParams.get('dir')).toBe('asc');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const first = (await cofList(page, 'Cancel', { sort: 'LastName', dir: 'asc' })).data[0]!;
  await expect(cell(g, 0, 'cust_No')).toHaveText(String(first.cust_No));

  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const last = (await cofList(page, 'Cancel', { sort: 'LastName', dir: 'desc' })).data[0]!;
  await expect(cell(g, 0, 'cust_No')).toHaveText(String(last.cust_No));
});

test('Next Call opens the first selected row, otherwise the first row; Open opens its row', async ({ page }) => {
  // Commercial Leads: the current-call journeys of other files work other lists.
  await openOutbound(page);
  await openSection(page, 'CommercialLead', 'Commercial Leads');
  const g = grid(page, 'Commercial Leads');
  const rows = (await cofList(page, 'CommercialLead')).data;
  const nextCall = section(page, 'CommercialLead').getByRole('button', { name: 'Next Call' });
  /** The call screen's URL and the row handed to it (React Router keeps it in history.state.usr). */
  const expectOpened = async (row: Row) => {
    await page.waitForURL(`**/call-center/current-call/${row.SQLDBID}/${row.cust_No}/${row.Type}`);
    const state = await page.evaluate(() => (history.state as { usr?: { theCall?: Row } } | null)?.usr?.theCall);
    expect(state?.OutboundId).toBe(row.OutboundId);
    // Back to the list; the section is remembered open.
    await page.goto(OUTBOUND);
    await expect(cell(g, 0, 'cust_No')).toHaveText(String(rows[0]!.cust_No), LOAD);
  };

  // A list holds only calls still to be made: an ended call (status End) is complete and never served as the next
  // call (decision 062).
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.filter((r) => r.CallStatus === 'End')).toEqual([]);
  await expect(cell(g, 0, 'CallStatus')).not.toHaveText('End', LOAD);

  // Nothing selected: the first row.
  await nextCall.click();
  await expectOpened(rows[0]!);

  // The first selected row, in the grid's order.
  await checkbox(g, 3).click();
  await checkbox(g, 1).click();
  await expect(summary(page, 'CommercialLead')).toContainText('2 selected');
  await nextCall.click();
  await expectOpened(rows[1]!);

  // The row's Open button.
  const row = rows[2]!;
  await g
    .getByRole('button', { name: `Open call for ${row.FirstName} ${row.LastName}` })
    .first()
    .click();
  await expectOpened(row);
});

test('Delete Selected asks first, then removes the rows and lowers the count by as many', async ({ page }) => {
  await page.setViewportSize(WITH_SIDEBAR);
  await openOutbound(page);
  await openSection(page, 'Extract', 'Extract Calls');
  const g = grid(page, 'Extract Calls');
  const before = (await cofCounts(page)).find((c) => c.CallTypeName === 'Extract')!.count;
  await expect(badge(page, 'Extract')).toHaveText(String(before));
  const rows = (await cofList(page, 'Extract')).data;
  const doomed = [rows[0]!, rows[2]!];
  const deleteButton = section(page, 'Extract').getByRole('button', { name: 'Delete Selected' });
  await expect(deleteButton).toBeDisabled();

  await checkbox(g, 0).click();
  await checkbox(g, 2).click();
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete Selected Calls' });
  await expect(dialog).toContainText('Delete 2 selected calls from Extract Calls?');
  // Declined: nothing changes.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(badge(page, 'Extract')).toHaveText(String(before));
  await expect(summary(page, 'Extract')).toContainText('2 selected');

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Successfully Deleted Calls from Extract Calls')).toBeVisible();
  await expect(badge(page, 'Extract')).toHaveText(String(before - 2));
  await expect(page.getByTestId('sidebar-Extract')).toContainText(String(before - 2));
  await expect(summary(page, 'Extract')).toHaveText(`1–25 of ${before - 2} calls`);
  // The rows between and after the deleted ones move up.
  await expect(cell(g, 0, 'cust_No')).toHaveText(String(rows[1]!.cust_No));
  await expect(cell(g, 1, 'cust_No')).toHaveText(String(rows[3]!.cust_No));
  const listed = (await cofList(page, 'Extract', { pageSize: 1000 })).data.map((r) => r.OutboundId);
  for (const r of doomed) expect(listed).not.toContain(r.OutboundId);
  expect((await cofCounts(page)).find((c) => c.CallTypeName === 'Extract')!.count).toBe(before - 2);

  // A failed delete says so and changes nothing.
  await page.route('**/api/call-center/outbound/delete', (route) =>
    route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'Something went wrong.' } }),
  );
  await checkbox(g, 0).click();
  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'ERROR Deleting Calls from Extract Calls!')).toBeVisible();
  await expect(badge(page, 'Extract')).toHaveText(String(before - 2));
});

test('Refresh reloads the list and the counts, with a toast either way', async ({ page }) => {
  await openOutbound(page);
  await openSection(page, 'Cancel', 'Cancel Calls');
  const refresh = section(page, 'Cancel').getByRole('button', { name: 'Refresh' });

  const reloaded = page.waitForResponse((r) => r.url().includes('/outboundcof/Cancel?'));
  await refresh.click();
  await reloaded;
  await expect(toast(page, 'Refreshed Cancel Calls')).toBeVisible();

  await page.route(
    (url) => url.pathname === '/api/call-center/outboundcof/Cancel',
    (route) => route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'Something went wrong.' } }),
  );
  await refresh.click();
  await expect(toast(page, 'ERROR Refreshing Cancel Calls!')).toBeVisible(SERVER);
});

test('the sidebar: Cancel Calls and Upsell Postcard have their own routes that open and show their section', async ({
  page,
}) => {
  await page.setViewportSize(WITH_SIDEBAR);
  await openOutbound(page);
  const sidebar = page.getByRole('navigation', { name: 'Outbound call lists' });

  await sidebar.getByRole('link', { name: 'Upsell Postcard' }).click();
  await expect(page).toHaveURL(`${OUTBOUND}/upsells`);
  await expect(control(page, 'Upsell', 'Upsell Postcard')).toHaveAttribute('aria-expanded', 'true');
  await expect(grid(page, 'Upsell Postcard')).toBeInViewport();

  await sidebar.getByRole('link', { name: 'Cancel Calls' }).click();
  await expect(page).toHaveURL(`${OUTBOUND}/cancelCalls`);
  await expect(control(page, 'Cancel', 'Cancel Calls')).toHaveAttribute('aria-expanded', 'true');
  await expect(section(page, 'Cancel')).toBeInViewport();

  // Every entry is a link, of one kind; the other call types open in place, on the main route.
  await expect(sidebar.getByRole('button')).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Extract Calls' })).toHaveAttribute(
    'href',
    '/call-center/outbound#outbound-section-Extract',
  );
  await sidebar.getByRole('link', { name: 'Extract Calls' }).click();
  await expect(page).toHaveURL(OUTBOUND);
  await expect(control(page, 'Extract', 'Extract Calls')).toHaveAttribute('aria-expanded', 'true');
  await expect(grid(page, 'Extract Calls')).toBeInViewport();

  // Straight to a sub-state, with nothing remembered: its section is open.
  const { user } = await pageSession(page);
  await page.evaluate((userId) => localStorage.removeItem(`cc.outbound.${userId}`), user.UserId);
  await page.goto(`${OUTBOUND}/upsells`);
  await expect(control(page, 'Upsell', 'Upsell Postcard')).toHaveAttribute('aria-expanded', 'true', LOAD);
  await expect(control(page, 'Cancel', 'Cancel Calls')).toHaveAttribute('aria-expanded', 'false');
});

test('an independent franchise sees the lists of its own branches', async ({ page }) => {
  await signIn(page, 'csr.franchise');
  const counts = page.waitForRequest((r) => r.url().includes('/api/OutboundCall/GetOutboundindCallCounts'));
  await page.goto(OUTBOUND);
  expect(new URL((await counts).url()).searchParams.get('branches')).toBe('SG101,SG102');
  await expect(page.getByText('Calls of your branches: SG101, SG102')).toBeVisible(LOAD);

  const list = page.waitForRequest((r) => r.url().includes('/api/call-center/outboundind/Cancel?'));
  await openSection(page, 'Cancel', 'Cancel Calls');
  expect(new URL((await list).url()).searchParams.get('branches')).toBe('SG101,SG102');
  const branches = await grid(page, 'Cancel Calls').locator('[role="gridcell"][col-id="branchNo"]').allTextContents();
  expect(branches.length).toBeGreaterThan(0);
  for (const b of branches) expect(['SG101', 'SG102']).toContain(b);
});

test('no WCAG 2.1 AA violations with a section open, the day picker open and the delete dialog', async ({ page }) => {
  // The app header is the shell's and is checked with the other pages; this looks at the outbound screen.
  const check = () => expectAxeClean(page, 'the outbound screen', { exclude: ['header'] });
  await openOutbound(page);
  await check();
  await openSection(page, 'Cancel', 'Cancel Calls');
  await checkbox(grid(page, 'Cancel Calls'), 0).click();
  await section(page, 'Cancel').getByRole('button', { name: 'Page 2' }).scrollIntoViewIfNeeded();
  await check();
  await section(page, 'Cancel').getByRole('button', { name: 'Call Target', exact: true }).click();
  await check();
  await page.keyboard.press('Escape');
  await section(page, 'Cancel').getByRole('button', { name: 'Delete Selected' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete Selected Calls' })).toBeVisible();
  await check();
});
