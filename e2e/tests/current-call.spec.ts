import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page, type Request } from './fixtures.js';
import { DEMO_PASSWORD, fillSignIn, pageToken, SERVER, shot, signIn, signOut, toast } from './helpers.js';

/**
 * The current-call screen: /call-center/current-call/{sqldbid}/{customerNo}/{callType} (call-handling.md
 * §2-5, §8). The story customer Margaret Thornbury (SQLDBID 18001, customer 1001, branch SG101) is
 * served by csr.franchise (independent franchise, branches SG101 and SG102).
 *
 * Leaving a call saves it, and a saved call sends the user from the dashboard back to it; every test
 * here ends its calls (Cancel Call) or forgets them afterwards, so other journeys start on a dashboard.
 */

const STORY = { sqldbid: 18001, customerNo: 1001, name: 'Margaret Thornbury', phone: '(630) 555-0142' };
const STORY_CALL = `/call-center/current-call/${STORY.sqldbid}/${STORY.customerNo}/Inbound`;
const ACTIVE_CALL_MESSAGE = 'Sorry, but this call is currently active...';
const DNC_MESSAGE = 'This customer is on the Federal Do Not Call List.';
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
const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const shown = (d: Date) => `${SHORT_MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
const dayLabel = (d: Date) => `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
/** A day counted from today on the call centre's clock (America/Chicago, as the screen counts), at noon. */
function daysFromToday(n: number): Date {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d, 12);
  date.setDate(date.getDate() + n);
  return date;
}
function threeYearsAgo(): Date {
  const d = daysFromToday(0);
  d.setFullYear(d.getFullYear() - 3);
  return d;
}

/** The users whose calls a test opened: their calls are released and forgotten after it. */
const opened = new Set<string>();

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function apiAs<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test.afterEach(async ({ request, context }) => {
  // Closing the window releases and saves an open call (pagehide); then forget it for good.
  await context.close();
  for (const username of opened) {
    const token = await tokenOf(request, username);
    await expect
      .poll(async () => {
        await apiAs(request, token, 'POST', '/api/call-center/call-inactive', {
          sqldbid: STORY.sqldbid,
          customerNo: STORY.customerNo,
          save: false,
        });
        return (await apiAs<{ saved: unknown }>(request, token, 'GET', '/api/call-center/saved-call')).saved;
      })
      .toBeNull();
  }
  opened.clear();
});

async function signInAs(page: Page, username: string): Promise<void> {
  opened.add(username);
  await signIn(page, username);
}

/** A second user in a browser of their own. */
async function secondUser(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, username);
  return page;
}

/** The body a request to `path` carries, once it is made. */
function bodyOf(page: Page, path: string): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((r: Request) => r.url().endsWith(path) && r.method() !== 'GET')
    .then((r) => r.postDataJSON() as Record<string, unknown>);
}

const header = (page: Page) => page.getByTestId('call-header');
const callScreen = (page: Page) => page.getByTestId('current-call');

async function expectCallOpen(page: Page): Promise<void> {
  await expect(callScreen(page)).toHaveAttribute('data-call-status', 'open', SERVER);
}

async function openFromInbound(page: Page, lastName: string): Promise<void> {
  await page.goto('/call-center/inbound');
  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  await page
    .getByRole('region', { name: 'Customer search' })
    .getByRole('textbox', { name: 'Last name', exact: true })
    .fill(lastName);
  await page.keyboard.press('Enter');
  await page
    .getByRole('button', { name: /^Open call for / })
    .first()
    .click();
}

/** Cancel Call: a cancel record, the call released, and back to the list without a prompt. */
async function cancelCall(page: Page, list: RegExp): Promise<Record<string, unknown>> {
  const body = bodyOf(page, '/api/currentcall/insertCancelCall');
  await header(page).getByRole('button', { name: 'Cancel Call' }).click();
  // Cancel Call asks first (the abandon confirmation).
  await page
    .getByRole('dialog', { name: 'Please confirm navigation' })
    .getByRole('button', { name: 'Cancel the call' })
    .click();
  await expect(page).toHaveURL(list, SERVER);
  await expect(page.getByRole('dialog', { name: 'Please confirm navigation' })).toHaveCount(0);
  return body;
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

test('opened from the inbound search: the call is marked active, the customer shows, Cancel Call returns to the search', async ({
  page,
}) => {
  await signInAs(page, 'csr.franchise');
  const active = bodyOf(page, '/api/call-center/call-active');
  await openFromInbound(page, 'Thornbury');
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`));
  expect(await active).toEqual({ sqldbid: STORY.sqldbid, customerNo: STORY.customerNo, callType: 'Inbound' });
  await expectCallOpen(page);
  expect(
    await page.evaluate(() => (history.state as { usr: { theCall: { AccountNo: number } } }).usr.theCall),
  ).toMatchObject({
    AccountNo: STORY.customerNo,
    Branch: 'SG101',
  });

  await expect(header(page).getByRole('heading', { level: 1 })).toHaveText(STORY.name);
  await expect(page.getByTestId('call-type-badge')).toHaveText('Inbound Calls');
  await expect(page.getByTestId('franchise-name')).not.toBeEmpty();
  await shot(page, 'current-call-inbound');
  await expect(page.getByTestId('header-account')).toHaveText('1001');
  await expect(page.getByTestId('customer-address')).toHaveText('1420 W Ogden AveNaperville, IL 60540');
  await expect(page.getByTestId('customer-home-phone')).toHaveText(STORY.phone);
  await expect(page.getByTestId('customer-branch')).toHaveText('SG101');
  await expect(page.getByTestId('franchise-name')).not.toBeEmpty();
  // The franchise's company configuration (getCompanyConfigs): the hours web leads are worked.
  await expect(page.getByTestId('franchise-web-leads')).toHaveText(/^\d{2}:\d{2}–\d{2}:\d{2}$/, SERVER);
  // The payment links point at the demo pages here (call-links.spec.ts follows them).
  await expect(page.getByTestId('link-pay-bill')).toHaveAttribute(
    'href',
    /\/demo\/pay-a-bill\?customer=1001&zip=60540$/,
  );

  // The result selector holds the results of the call type; follow-up defaults to None.
  await page.getByRole('combobox', { name: 'Call result' }).click();
  await expect(page.getByRole('option', { name: 'Service Call' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Survey Complete' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Follow up' })).toHaveValue('None');

  await expect(page.getByRole('tab')).toHaveText(['Customer', 'Pricing', 'History', 'Web Orders', 'Script', 'Survey']);
  await page.getByRole('tab', { name: 'Web Orders' }).click();
  const orders = page.getByRole('region', { name: 'Web orders' });
  await expect(orders.getByRole('columnheader')).toHaveText([
    'Order No.',
    'Type',
    'Status',
    'Title',
    'Rds',
    'Unit Price',
    'Updated',
    'Source',
  ]);
  await expect(orders.locator('[col-id="unitPrice"][role="gridcell"]').first()).toHaveText(/^\$\d+\.\d{2}$/);
  await page.getByRole('tab', { name: 'Script' }).click();
  await expect(page.getByTestId('script-paragraph').first()).toContainText('Thank you for calling');

  const cancelled = await cancelCall(page, /\/call-center\/inbound$/);
  expect(cancelled).toMatchObject({
    csuser_id: expect.any(Number),
    csagent: 'Riley Franks',
    sqldbid: STORY.sqldbid,
    cust_no: STORY.customerNo,
    callType: 'Inbound',
  });
});

test('opened from an outbound list: the lock carries the outbound id; Cancel Call marks it cancelled and returns to the outbound list', async ({
  page,
}) => {
  await signInAs(page, 'csr.franchise');
  await page.goto('/call-center/outbound');
  const control = page.getByTestId('outbound-section-WebLead').getByRole('button', { name: /^Web Leads/ });
  await control.click();
  const grid = page.getByRole('region', { name: 'Web Leads calls' });
  const open = grid.getByRole('button', { name: /^Open call for / }).first();
  await expect(open).toBeVisible(SERVER);
  const active = bodyOf(page, '/api/call-center/call-active');
  await open.click();
  await expect(page).toHaveURL(/\/call-center\/current-call\/\d+\/\d+\/WebLead$/);
  const theCall = await page.evaluate(
    () => (history.state as { usr: { theCall: { OutboundId: number; cust_No: number; SQLDBID: number } } }).usr.theCall,
  );
  expect(await active).toEqual({
    sqldbid: theCall.SQLDBID,
    customerNo: theCall.cust_No,
    callType: 'WebLead',
    outboundId: theCall.OutboundId,
  });
  await expectCallOpen(page);
  await expect(page.getByTestId('call-type-badge')).toHaveText('Web Leads');
  await expect(page.getByTestId('header-account')).toHaveText(String(theCall.cust_No));

  await shot(page, 'current-call-web-lead');

  // Web leads: the customer number can be edited; Cancel says so.
  await page.getByRole('button', { name: 'Edit Customer No.' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Customer No.' });
  await expect(dialog.getByRole('textbox', { name: 'Customer No.' })).toHaveValue(String(theCall.cust_No));
  await shot(page, 'current-call-edit-customer-no');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Edit Customer No. Cancelled...')).toBeVisible();

  // Saving names the lead by the contact id its row carries (docs/decisions/008).
  const contactId = await page.evaluate(
    () => (history.state as { usr: { theCall: { ContactId: string | null } } }).usr.theCall.ContactId,
  );
  expect(contactId).toMatch(/\S/);
  await page.getByRole('button', { name: 'Edit Customer No.' }).click();
  const setCustomer = bodyOf(page, `/setcustomer/${theCall.cust_No}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await setCustomer).toEqual({ ContactId: contactId });
  await expect(toast(page, 'Weblead Customer Number successfully updated')).toBeVisible(SERVER);
  await expect(dialog).toBeHidden();

  const cancelled = await cancelCall(page, /\/call-center\/outbound$/);
  expect(cancelled).toMatchObject({ callType: 'WebLead', outboundId: theCall.OutboundId, cust_no: theCall.cust_No });
  const token = await pageToken(page);
  const list = await apiAs<{ data: { OutboundId: number; CallStatus: string }[] }>(
    page.request,
    token,
    'GET',
    '/api/call-center/outboundind/WebLead?pageSize=1500',
  );
  expect(list.data.find((r) => r.OutboundId === theCall.OutboundId)).toMatchObject({ CallStatus: 'Cancel' });
});

test('a second CSR opening the same customer sees Active Call Encountered; OK returns to the list', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'csr.franchise');
  await page.goto(STORY_CALL);
  await expectCallOpen(page);

  const other = await secondUser(browser, 'admin');
  await other.goto(STORY_CALL);
  const dialog = other.getByRole('dialog', { name: 'Active Call Encountered' });
  await expect(dialog).toContainText(ACTIVE_CALL_MESSAGE, SERVER);
  await shot(other, 'current-call-active-dialog');
  await expect(header(other).getByRole('button', { name: 'Cancel Call' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  await expectNoAxeViolations(other);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(other).toHaveURL(/\/call-center\/inbound$/);
  // Refused, so nothing of it was saved for the second CSR.
  await other.goto('/dashboard');
  await expect(other.getByRole('heading', { name: /^Welcome, / })).toBeVisible(SERVER);
  await other.context().close();

  // Still the first CSR's call.
  await expect(callScreen(page)).toHaveAttribute('data-call-status', 'open');
  await cancelCall(page, /\/call-center\/inbound$/);
});

test('signing out releases the call at once; after the next sign-in the dashboard returns to it', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'csr.franchise');
  await page.goto(STORY_CALL);
  await expectCallOpen(page);
  await signOut(page);
  // No confirmation on the way out: signing out is not abandoning.
  await expect(page.getByRole('dialog', { name: 'Please confirm navigation' })).toHaveCount(0);

  // Another CSR opens the call straight away, without waiting for the lock to go stale.
  const other = await secondUser(browser, 'admin');
  await other.goto(STORY_CALL);
  await expectCallOpen(other);
  await expect(other.getByRole('dialog', { name: 'Active Call Encountered' })).toHaveCount(0);
  await cancelCall(other, /\/call-center\/inbound$/);
  await other.context().close();

  // The call stayed the first CSR's saved call: signing in again lands on it.
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await fillSignIn(page, 'csr.franchise', DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`), SERVER);
  await expectCallOpen(page);
  await cancelCall(page, /\/call-center\/inbound$/);
});

test('the heartbeat repeats call-active while the call is open', async ({ page }) => {
  await page.clock.install();
  await signInAs(page, 'csr.franchise');
  await page.goto(STORY_CALL);
  await expectCallOpen(page);
  const seconds = await page.evaluate(async () => {
    const config = (await (await fetch('/api/client-config')).json()) as { callHeartbeatSeconds: number };
    return config.callHeartbeatSeconds;
  });
  const beat = page.waitForRequest((r) => r.url().endsWith('/api/call-center/call-active'));
  await page.clock.runFor(seconds * 1000 + 1000);
  expect((await beat).postDataJSON()).toMatchObject({ sqldbid: STORY.sqldbid, customerNo: STORY.customerNo });
  await cancelCall(page, /\/call-center\/inbound$/);
});

test('a customer on the federal do-not-call list: the Attention dialog', async ({ page, request }) => {
  await signInAs(page, 'csr.franchise');
  const token = await tokenOf(request, 'csr.franchise');
  let dnc: number | null = null;
  for (const lastname of ['S', 'M', 'B', 'W', 'H']) {
    const found = await apiAs<{ data: { customerNo: number }[] }>(request, token, 'POST', '/api/call-center/customer', {
      sqldbid: STORY.sqldbid,
      lastname,
      pageSize: 100,
    });
    for (const row of found.data) {
      const status = await apiAs<{ IsOnFederalDoNotCallList: boolean }>(
        request,
        token,
        'GET',
        `/api/customer/FederalDoNotCallStatus/${row.customerNo}/${STORY.sqldbid}`,
      );
      if (status.IsOnFederalDoNotCallList) {
        dnc = row.customerNo;
        break;
      }
    }
    if (dnc) break;
  }
  expect(dnc, 'a demo customer on the do-not-call list').not.toBeNull();

  await page.goto(`/call-center/current-call/${STORY.sqldbid}/${dnc}/Inbound`);
  const dialog = page.getByRole('dialog', { name: 'Attention' });
  await expect(dialog).toContainText(DNC_MESSAGE, SERVER);
  await shot(page, 'current-call-dnc');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(header(page)).toContainText('Do Not Call');
  await cancelCall(page, /\/call-center\/inbound$/);
  // The story customer is not on the list.
  await page.goto(STORY_CALL);
  await expectCallOpen(page);
  await expect(page.getByTestId('customer-name')).toHaveText(STORY.name);
  await expect(page.getByRole('dialog', { name: 'Attention' })).toHaveCount(0);
  await cancelCall(page, /\/call-center\/inbound$/);
});

test('editing the customer: phones go as typed, the server normalises them, the panel shows its answer', async ({
  page,
}) => {
  await signInAs(page, 'csr.franchise');
  await page.goto(STORY_CALL);
  await expectCallOpen(page);

  const edit = async (fields: Record<string, string>) => {
    await page.getByRole('button', { name: 'Edit customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await expect(dialog.getByRole('textbox', { name: 'First name' })).toBeFocused();
    for (const [name, value] of Object.entries(fields)) {
      await dialog.getByRole('textbox', { name, exact: true }).fill(value);
    }
    await shot(page, 'current-call-edit-customer');
    const sent = bodyOf(page, `/api/customer/${STORY.customerNo}/${STORY.sqldbid}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Updated Customer: ${STORY.name}`).first()).toBeVisible(SERVER);
    await expect(dialog).toBeHidden();
    return sent;
  };

  expect(await edit({ 'Home phone': '630.555.0101', 'Cell phone': '555-01' })).toMatchObject({
    homePhone: '630.555.0101',
    cellPhone: '555-01',
  });
  await expect(page.getByTestId('customer-home-phone')).toHaveText('(630) 555-0101');
  await expect(page.getByTestId('customer-cell-phone')).toHaveText('555-01'); // not North American: as typed
  await expect(callScreen(page)).toHaveAttribute('data-customer-info-edit-id', /^\d+$/);
  const firstEdit = await callScreen(page).getAttribute('data-customer-info-edit-id');

  // A field the contract refuses is shown at the field, nothing is sent.
  await page.getByRole('button', { name: 'Edit customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
  await dialog.getByRole('textbox', { name: 'Zip' }).fill('6054');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Zip must be a 5-digit zip code or zip+4')).toBeVisible();
  await shot(page, 'current-call-edit-customer-invalid');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A nine-digit zip shows as 5-4, in the panel and when the dialog opens again.
  expect(await edit({ Zip: '605401234' })).toMatchObject({ zip: '605401234' });
  await expect(page.getByTestId('customer-address')).toHaveText('1420 W Ogden AveNaperville, IL 60540-1234');
  await page.getByRole('button', { name: 'Edit customer' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Zip' })).toHaveValue('60540-1234');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Back as it was, for the other journeys; the latest edit's id is kept.
  await edit({ 'Home phone': '6305550142', 'Cell phone': '', Zip: '60540' });
  await expect(page.getByTestId('customer-address')).toHaveText('1420 W Ogden AveNaperville, IL 60540');
  await expect(page.getByTestId('customer-home-phone')).toHaveText(STORY.phone);
  await expect(callScreen(page)).not.toHaveAttribute('data-customer-info-edit-id', firstEdit ?? '');
  await cancelCall(page, /\/call-center\/inbound$/);
});

test('history: call history and touchpoints from 3 years ago to tomorrow, at most tomorrow; a call opens its log', async ({
  page,
}) => {
  await signInAs(page, 'csr.franchise');
  const start = threeYearsAgo();
  const tomorrow = daysFromToday(1);
  // The history loads with the call (its latest calls show on the Customer tab); touchpoints with the tab.
  const history = page.waitForRequest((r) =>
    r.url().endsWith(`/api/customer/18001/1001/${day(start)}/${day(tomorrow)}`),
  );
  await page.goto(STORY_CALL);
  await history;
  await expectCallOpen(page);
  const touchpoints = page.waitForRequest((r) =>
    r.url().endsWith(`/api/customer/touchpoints/18001/1001/${day(start)}/${day(tomorrow)}`),
  );
  await page.getByRole('tab', { name: 'History' }).click();
  await touchpoints;
  const range = page.getByRole('button', { name: 'Call history dates' });
  await expect(range).toHaveText(`${shown(start)} – ${shown(tomorrow)}`);
  await expect(page.getByRole('button', { name: 'Touchpoint dates' })).toHaveText(
    `${shown(start)} – ${shown(tomorrow)}`,
  );
  await expect(page.getByRole('region', { name: 'Call history' }).locator('.ag-row').first()).toBeVisible(SERVER);
  await shot(page, 'current-call-history');

  // A call opens the call history log with its call log and notes.
  const calls = page.getByRole('region', { name: 'Call history' });
  const first = calls.locator('.ag-row[row-index="0"]');
  await expect(first).toBeVisible(SERVER);
  await first.locator('[col-id="call_result"]').click();
  const log = page.getByRole('dialog', { name: 'Call History Log' });
  await expect(log.getByTestId('history-call-log')).not.toBeEmpty();
  await expect(log.getByRole('heading', { name: 'CSR notes' })).toBeVisible();
  await shot(page, 'current-call-history-log');
  await log.getByRole('button', { name: 'Close' }).last().click();
  await expect(log).toBeHidden();

  // The picker goes no further than tomorrow; a new range asks again.
  await range.click();
  const level = page.getByRole('button', { name: 'Choose a month' });
  const target = `${MONTHS[tomorrow.getMonth()]} ${tomorrow.getFullYear()}`;
  for (let i = 0; i < 48 && (await level.textContent()) !== target; i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(level).toHaveText(target);
  await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();
  const after = daysFromToday(2);
  if (after.getMonth() === tomorrow.getMonth()) {
    await expect(page.getByRole('button', { name: dayLabel(after), exact: true })).toBeDisabled();
  }
  const from = new Date(tomorrow.getFullYear(), tomorrow.getMonth(), 1, 12);
  const narrowed = page.waitForRequest((r) =>
    r.url().endsWith(`/api/customer/18001/1001/${day(from)}/${day(tomorrow)}`),
  );
  await page.getByRole('button', { name: dayLabel(from), exact: true }).click();
  await page.getByRole('button', { name: dayLabel(tomorrow), exact: true }).click();
  await narrowed;
  await expect(range).toHaveText(`${shown(from)} – ${shown(tomorrow)}`);
  await expectNoAxeViolations(page);
  await cancelCall(page, /\/call-center\/inbound$/);
});

test('leaving asks first; a left call is saved and the dashboard sends the user back to it', async ({
  page,
  request,
}) => {
  await signInAs(page, 'csr.franchise');
  await openFromInbound(page, 'Thornbury');
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`));
  await expectCallOpen(page);

  const dashboardLink = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
  await dashboardLink.click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm navigation' });
  await expect(confirm).toContainText('This call has not been saved. All changes will be lost.');
  await shot(page, 'current-call-confirm-navigation');
  await expect(confirm.getByRole('button', { name: 'Stay', exact: true })).toBeFocused();
  await confirm.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`));

  // Back in the browser asks too.
  await page.goBack();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`));

  // Leave: released and saved; the dashboard sends the user straight back to the call.
  await dashboardLink.click();
  const released = bodyOf(page, '/api/call-center/call-inactive');
  await confirm.getByRole('button', { name: 'Leave' }).click();
  expect(await released).toMatchObject({
    sqldbid: STORY.sqldbid,
    customerNo: STORY.customerNo,
    callType: 'Inbound',
    save: true,
    theCall: { AccountNo: STORY.customerNo },
  });
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`), SERVER);
  await expectCallOpen(page);
  await expect(page.getByTestId('customer-name')).toHaveText(STORY.name);
  expect(
    await page.evaluate(() => (history.state as { usr: { theCall: { AccountNo: number } } }).usr.theCall),
  ).toMatchObject({
    AccountNo: STORY.customerNo,
  });

  // Closing the window saves it too: pagehide sends call-inactive {save: true} as a keepalive request, the
  // server keeps the call as the saved call (nothing else saves a call whose session lives on), and the next
  // window of this user comes back to it.
  const context = page.context();
  await page.close({ runBeforeUnload: true });
  // The keepalive request outlives the page, so it is seen where it lands: the saved call, and the lock gone.
  const token = await tokenOf(request, 'csr.franchise');
  await expect
    .poll(
      async () => (await apiAs<{ saved: unknown }>(request, token, 'GET', '/api/call-center/saved-call')).saved,
      SERVER,
    )
    .toMatchObject({
      sqldbid: STORY.sqldbid,
      customerNo: STORY.customerNo,
      callType: 'Inbound',
      theCall: { AccountNo: STORY.customerNo },
    });
  expect(
    await apiAs<{ isActive: boolean }>(request, token, 'POST', '/api/call-center/isCallActive', {
      sqldbid: STORY.sqldbid,
      customerNo: STORY.customerNo,
    }),
  ).toMatchObject({ isActive: false });
  const again = await context.newPage();
  await again.goto('/dashboard');
  await expect(again).toHaveURL(new RegExp(`${STORY_CALL}$`), SERVER);
  await expectCallOpen(again);

  // Cancelled calls are not saved: the dashboard stays.
  await cancelCall(again, /\/call-center\/inbound$/);
  await again.goto('/dashboard');
  await expect(again.getByRole('heading', { name: 'Welcome, Riley' })).toBeVisible(SERVER);
  await expect(again).toHaveURL(/\/dashboard$/);
});

test('the customer lookup inside Edit Customer: Select returns the account number and the call moves to it', async ({
  page,
}) => {
  await signInAs(page, 'csr.franchise');
  await page.goto(STORY_CALL);
  await expectCallOpen(page);
  await page.getByRole('button', { name: 'Edit customer' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await edit.getByRole('button', { name: 'Look up account' }).click();
  const lookup = page.getByRole('dialog', { name: 'Customer Lookup' });
  await lookup.getByRole('textbox', { name: 'Last name' }).fill('S');
  await lookup.getByRole('button', { name: 'Search' }).click();
  const select = lookup.getByRole('button', { name: /^Select account \d+, / }).first();
  await expect(select).toBeVisible(SERVER);
  await shot(page, 'current-call-edit-customer-lookup');
  const account = Number(/^Select account (\d+),/.exec((await select.getAttribute('aria-label')) ?? '')?.[1]);
  expect(account).toBeGreaterThan(0);
  expect(account).not.toBe(STORY.customerNo);
  await select.click();
  await expect(page).toHaveURL(new RegExp(`/call-center/current-call/${STORY.sqldbid}/${account}/Inbound$`), SERVER);
  await expect(page.getByRole('dialog', { name: 'Please confirm navigation' })).toHaveCount(0);
  await expectCallOpen(page);
  await expect(page.getByTestId('header-account')).toHaveText(String(account));
  await expect(edit).toHaveCount(0);
  await cancelCall(page, /\/call-center\/inbound$/);
});

test('an unknown customer’s call (-1): the customer comes from the call row, leaving saves it, cancel records -1', async ({
  page,
  request,
}) => {
  await signInAs(page, 'csr.franchise');
  const token = await tokenOf(request, 'csr.franchise');
  const theCall = {
    FirstName: 'Unknown',
    LastName: 'Caller',
    Street: '77 Elm St',
    City: 'Aurora',
    State: 'IL',
    Zip: '605051234',
    Phone: '6305550177',
    Branch: 'SG101',
    AccountNo: -1,
  };
  // A saved -1 call (as leaving one keeps it): the dashboard opens it with its row.
  await apiAs(request, token, 'POST', '/api/call-center/call-inactive', {
    sqldbid: STORY.sqldbid,
    customerNo: -1,
    save: true,
    callType: 'Inbound',
    theCall,
  });
  const unknownCall = `/call-center/current-call/${STORY.sqldbid}/-1/Inbound`;
  await page.goto('/dashboard');
  await expect(page).toHaveURL(new RegExp(`${unknownCall}$`), SERVER);
  await expectCallOpen(page);
  await expect(page.getByTestId('customer-name')).toHaveText('Unknown Caller');
  await expect(page.getByTestId('customer-home-phone')).toHaveText('(630) 555-0177');
  await expect(page.getByTestId('customer-address')).toContainText('60505-1234');
  await shot(page, 'current-call-unknown-customer');

  // Leaving asks, then saves the call with its row, and the dashboard comes back to it.
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  const released = bodyOf(page, '/api/call-center/call-inactive');
  await page.getByRole('dialog', { name: 'Please confirm navigation' }).getByRole('button', { name: 'Leave' }).click();
  expect(await released).toMatchObject({ sqldbid: STORY.sqldbid, customerNo: -1, save: true, theCall });
  await expect(page).toHaveURL(new RegExp(`${unknownCall}$`), SERVER);
  await expectCallOpen(page);
  await expect(page.getByTestId('customer-name')).toHaveText('Unknown Caller');

  const cancelled = await cancelCall(page, /\/call-center\/inbound$/);
  expect(cancelled).toMatchObject({ sqldbid: STORY.sqldbid, cust_no: -1, callType: 'Inbound' });
  await expect
    .poll(async () => (await apiAs<{ saved: unknown }>(request, token, 'GET', '/api/call-center/saved-call')).saved)
    .toBeNull();
});

test('callback and history dates follow the call centre’s clock (America/Chicago), not the browser’s zone', async ({
  browser,
}) => {
  // Kiritimati is 20 hours ahead of Chicago: at 23:30 UTC the browser is on the next day.
  const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
  const page = await context.newPage();
  const now = new Date();
  now.setUTCHours(23, 30, 0, 0);
  await page.clock.setFixedTime(now);
  const inZone = (timeZone: string, shift = 0) => {
    const d = new Date(now.getTime() + shift * 86_400_000);
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  };
  const chicagoToday = inZone('America/Chicago');
  expect(inZone('Pacific/Kiritimati')).not.toBe(chicagoToday);
  const chicagoTomorrow = inZone('America/Chicago', 1);
  const threeYearsBack = `${Number(chicagoToday.slice(0, 4)) - 3}${chicagoToday.slice(4)}`;

  await signInAs(page, 'csr.franchise');
  const history = page.waitForRequest((r) => r.url().includes('/api/customer/18001/1001/'));
  await page.goto(STORY_CALL);
  expect((await history).url()).toMatch(new RegExp(`/api/customer/18001/1001/${threeYearsBack}/${chicagoTomorrow}$`));
  await expectCallOpen(page);

  // The callback picker allows the rest of Chicago's today, which is already yesterday in the browser.
  await page.getByRole('button', { name: 'Set callback', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Callback Date and Time' });
  await dialog.getByTestId('callback-input').click();
  const [y, m, d] = chicagoToday.split('-').map(Number) as [number, number, number];
  const label = (day: number) => `${day} ${MONTHS[m - 1]} ${y}`;
  await expect(page.getByRole('button', { name: label(d), exact: true })).toBeEnabled();
  if (d > 1) await expect(page.getByRole('button', { name: label(d - 1), exact: true })).toBeDisabled();
  await shot(page, 'current-call-callback-chicago');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await cancelCall(page, /\/call-center\/inbound$/);
  await context.close();
});

test.describe('no axe-core WCAG 2.1 AA violations', () => {
  test('each tab and the dialogs of the call', async ({ page }) => {
    test.setTimeout(240_000); // a dozen axe runs over a screen with grids
    await signInAs(page, 'admin');
    await page.goto(STORY_CALL);
    await expectCallOpen(page);
    await expect(page.getByTestId('customer-name')).toHaveText(STORY.name);
    await expectNoAxeViolations(page);
    for (const tab of ['History', 'Web Orders', 'Script', 'Survey']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `current-call-tab-${tab.toLowerCase().replace(' ', '-')}`);
    }

    // Survey: a required answer missing.
    await page.getByRole('button', { name: 'Check Survey' }).click();
    const alert = page.getByRole('dialog', { name: 'Inputs are required' });
    await expect(alert).toContainText('Please provide the answer to all the required fields.');
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('combobox', { name: /How did you hear about us/ }).click();
    await page.getByRole('option', { name: 'Lawn sign' }).click();
    await page.getByRole('button', { name: 'Check Survey' }).click();
    await expect(page.getByText('Every required answer is given.')).toBeVisible();
    await expect(alert).toBeHidden();

    const dialogs: [string, string][] = [
      ['Edit customer', 'Edit Customer'],
      ['Change customer type', 'Customer Type'],
      ['Call Log', 'Call Log'],
      ['Set callback', 'Callback Date and Time'],
      ['Customer Details', 'Customer Details'],
      ['Action Sheet', 'Action Sheet'],
    ];
    for (const [button, title] of dialogs) {
      await page.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `current-call-dialog-${title.toLowerCase().replaceAll(' ', '-')}`);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect(dialog).toBeHidden();
    }

    // A Service Call result asks for the reason; cancelling says so.
    await page.getByRole('combobox', { name: 'Call result' }).click();
    await page.getByRole('option', { name: 'Service Call' }).click();
    const reason = page.getByRole('dialog', { name: 'Service Call Reason' });
    await expect(reason).toBeVisible();
    await expectNoAxeViolations(page);
    await reason.getByRole('button', { name: 'Cancel' }).click();
    await expect(toast(page, 'Service Call Reason Cancelled...')).toBeVisible();
    await page.getByRole('button', { name: 'Choose reason' }).click();
    await reason.getByRole('combobox', { name: 'Reason' }).fill('Grubs');
    await page.getByRole('option', { name: 'Grubs', exact: true }).click();
    await reason.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('service-reason-button')).toHaveText('Grubs');

    await cancelCall(page, /\/call-center\/inbound$/);
  });
});
