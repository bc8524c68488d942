import { APP_SHELL, expectAxeClean } from './axe.js';
import { expect, test, type APIRequestContext, type Page, type Request } from './fixtures.js';
import { END_CALL_CANCELLED, END_CALL_ERROR_TITLE, formatMoney, ZERO_SALE_MESSAGE } from '@cc/domain';
import { chooseOption, DEMO_PASSWORD, SERVER, shot, signIn, toast, toastComing } from './helpers.js';

/**
 * Ending a call from the call screen (call-handling.md §4 end-call sequence, §5, §8): the End Call
 * button, the client validation ('Error ending call', the survey alert), the no-email question, the confirm
 * dialog and its decline, the wait dialog, and one POST /api/call-center/end-call that ends the call on the
 * server, after which the screen returns to the list of its call type.
 *
 * Customers: Walter Brennan (admin, an inbound sale), Dale Okonkwo (csr.franchise, no email: the decline),
 * Margaret Thornbury (csr.franchise: the $0 sale, and the survey), and the first Skipped Rounds call of
 * csr.franchise's lists (a callback). Other journeys do not depend on what these calls change.
 */

const BRENNAN = { sqldbid: 18002, customerNo: 1004 };
const OKONKWO = { sqldbid: 18001, customerNo: 1002 };
const THORNBURY = { sqldbid: 18001, customerNo: 1001 };
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

const inboundCall = (c: { sqldbid: number; customerNo: number }) =>
  `/call-center/current-call/${c.sqldbid}/${c.customerNo}/Inbound`;
const header = (page: Page) => page.getByTestId('call-header');
const endButton = (page: Page) => header(page).getByRole('button', { name: 'End Call' });
const isEndCall = (r: Request) => r.url().endsWith('/api/call-center/end-call') && r.method() === 'POST';

/** Calls a test opened, released and forgotten after it whatever happened. */
const opened: [username: string, call: { sqldbid: number; customerNo: number }][] = [];

test.afterEach(async ({ request, context }) => {
  // Closing the window releases and saves a call still open (pagehide); then it is forgotten for good.
  await context.close();
  for (const [username, call] of opened.splice(0)) {
    const token = await tokenOf(request, username);
    await request.post('/api/call-center/call-inactive', {
      headers: { Authorization: `Bearer ${token}` },
      data: { sqldbid: call.sqldbid, customerNo: call.customerNo, save: false },
    });
  }
});

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function openCall(page: Page, username: string, call: { sqldbid: number; customerNo: number }, path: string) {
  opened.push([username, call]);
  await page.goto(path);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);
}

/** No WCAG 2.1 AA violations on the screen and its open dialog (the app shell's header and toasts aside). */
const expectNoAxeViolations = (page: Page) => expectAxeClean(page, 'the end of a call', { exclude: APP_SHELL });

async function chooseResult(page: Page, result: string): Promise<void> {
  await chooseOption(page, page.getByRole('combobox', { name: 'Call result' }), result);
  await expect(page.getByRole('combobox', { name: 'Call result' })).toHaveValue(result);
}

async function cancelCall(page: Page, list: RegExp): Promise<void> {
  await header(page).getByRole('button', { name: 'Cancel Call' }).click();
  // Cancel Call asks first (the abandon confirmation).
  await page
    .getByRole('dialog', { name: 'Please confirm navigation' })
    .getByRole('button', { name: 'Cancel the call' })
    .click();
  await expect(page).toHaveURL(list, SERVER);
}

/** A day some days ahead, as the callback picker names it, and as YYYY-MM-DD. */
function dayAhead(days: number) {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + days);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return {
    iso,
    label: `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`,
    month: d.getMonth(),
    year: d.getFullYear(),
  };
}

/** In an open month picker, go to the month of a day and click it (twice for a range). */
async function clickDay(page: Page, day: ReturnType<typeof dayAhead>, times = 1): Promise<void> {
  const level = page.getByRole('button', { name: 'Choose a month' }).last();
  const monthLabel = `${MONTHS[day.month]} ${day.year}`;
  for (let i = 0; i < 24 && (await level.textContent()) !== monthLabel; i++) {
    await page.getByRole('button', { name: 'Next month' }).last().click();
  }
  const button = page.getByRole('button', { name: day.label, exact: true });
  for (let i = 0; i < times; i++) await button.click();
}

test('an inbound sale: a lawn program, result Sale, confirmed once → back to the inbound search, the order exists with source Call Center', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  await openCall(page, 'admin', BRENNAN, inboundCall(BRENNAN));

  // No result yet: End Call is disabled.
  await expect(endButton(page)).toBeDisabled();
  await shot(page, 'end-call-button-disabled');

  await page.getByRole('tab', { name: 'Pricing' }).click();
  await expect(page.getByTestId('pricing-tab')).toBeVisible(SERVER);
  // Next year's price list: every round of the season is still to come whatever today's date is.
  const token = await tokenOf(request, 'admin');
  const { serviceYear } = await apiGet<{ serviceYear: number }>(request, token, '/api/customer/currentserviceyear');
  await page
    .getByTestId('pricing-service-year')
    .getByText(String(serviceYear + 1), { exact: true })
    .click();
  await expect(page.getByTestId('pricing-tab')).toHaveAttribute('data-service-year', String(serviceYear + 1), SERVER);
  await page.getByRole('checkbox', { name: 'Preferred Program', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Preferred Program', exact: true })).toBeChecked();
  const total = (await page.getByTestId('pricing-total').textContent()) ?? '';
  expect(total).not.toBe('$0.00');

  await chooseResult(page, 'Sale');
  await expect(endButton(page)).toBeEnabled();
  await shot(page, 'end-call-button-enabled');

  await endButton(page).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm End Call' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('end-call-summary-result')).toHaveText('Sale');
  await expect(confirm.getByTestId('end-call-summary-total')).toHaveText(total);
  await expect(endButton(page)).toBeDisabled();
  await shot(page, 'end-call-confirm-sale');

  // A double click on End Call sends one request, with a UUID idempotency key.
  const requests: Request[] = [];
  page.on('request', (r) => {
    if (isEndCall(r)) requests.push(r);
  });
  const answered = page.waitForResponse((r) => isEndCall(r.request()));
  await confirm.getByRole('button', { name: 'End Call' }).dblclick();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  const ended = (await response.json()) as { orderId: number; orderStatus: string; callId: number };
  expect(ended.orderId).toEqual(expect.any(Number));
  expect(ended.orderStatus).toBe('SUBMITTED');

  await expect(page).toHaveURL(/\/call-center\/inbound$/, SERVER);
  await expect(page.getByRole('dialog', { name: 'Please confirm navigation' })).toHaveCount(0);
  await expect(toast(page, `Call ended. Order ${ended.orderId} created.`)).toBeVisible();
  // The second click of the double click found the dialog closing: it cancelled nothing.
  await expect(toast(page, END_CALL_CANCELLED)).toHaveCount(0);
  await shot(page, 'end-call-sale-done');
  expect(requests).toHaveLength(1);
  const body = requests[0]!.postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    sqldbid: BRENNAN.sqldbid,
    customerNo: BRENNAN.customerNo,
    callType: 'Inbound',
    result: 'Sale',
    callStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    pricing: { serviceYear: serviceYear + 1, selections: { lawnProgramId: expect.any(Number) } },
    sendEmail: true,
  });

  // Through the API: the customer's order, created by this call, from the call centre.
  const { order } = await apiGet<{
    order: { id: number; source: string; orderStatus: string; orderType: string; callId: number | null; total: number };
  }>(request, token, `/api/call-center/getOrder/${BRENNAN.sqldbid}/${BRENNAN.customerNo}`);
  expect(order).toMatchObject({
    id: ended.orderId,
    source: 'Call Center',
    orderStatus: 'SUBMITTED',
    orderType: 'LCP',
    callId: ended.callId,
  });
  expect(formatMoney(Math.round(order.total * 100))).toBe(total);

  // The same request again (a retry) answers the first result and ends nothing twice.
  const repeat = await request.post('/api/call-center/end-call', {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(await repeat.json()).toMatchObject({ callId: ended.callId, orderId: ended.orderId, repeated: true });

  // Ended, not saved: the dashboard does not send the user back to the call.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible(SERVER);
});

test('an outbound callback: result Call Back with a time → back to the outbound list, the row shows status Callback', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'csr.franchise');
  await page.goto('/call-center/outbound');
  const section = page.getByTestId('outbound-section-SkippedRounds');
  const control = section.getByRole('button', { name: /^Skipped Rounds/ });
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  const grid = page.getByRole('region', { name: 'Skipped Rounds calls' });
  const open = grid.getByRole('button', { name: /^Open call for / }).first();
  await expect(open).toBeVisible(SERVER);
  await open.click();
  await expect(page).toHaveURL(/\/call-center\/current-call\/\d+\/\d+\/SkippedRounds$/);
  const theCall = await page.evaluate(
    () => (history.state as { usr: { theCall: { OutboundId: number; cust_No: number; SQLDBID: number } } }).usr.theCall,
  );
  opened.push(['csr.franchise', { sqldbid: theCall.SQLDBID, customerNo: theCall.cust_No }]);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);

  // A callback result asks for the time at once.
  await chooseResult(page, 'Call Back');
  const dialog = page.getByRole('dialog', { name: 'Callback Date and Time' });
  await expect(dialog).toBeVisible();
  const day = dayAhead(10);
  await dialog.getByTestId('callback-input').click();
  await clickDay(page, day);
  await dialog.getByRole('textbox', { name: 'Callback time' }).fill('1030');
  await dialog.getByRole('button', { name: 'Set Callback' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('callback-button')).not.toHaveText('Set callback');

  await endButton(page).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm End Call' });
  // Someone was spoken to, so a customer without an email is asked about first (the list's first row may be one);
  // the email question has a journey of its own below.
  const noEmail = page.getByRole('dialog', { name: 'No Customer Email' });
  await expect(noEmail.or(confirm)).toBeVisible();
  if (await noEmail.isVisible()) await noEmail.getByRole('button', { name: 'End without email' }).click();
  await expect(confirm.getByTestId('end-call-summary-result')).toHaveText('Call Back');
  await expect(confirm.getByTestId('end-call-summary-callback')).toBeVisible();
  await shot(page, 'end-call-confirm-callback');
  const sent = page.waitForRequest(isEndCall);
  const ended = toastComing(page, 'Call ended');
  await confirm.getByRole('button', { name: 'End Call' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    callType: 'SkippedRounds',
    outboundId: theCall.OutboundId,
    result: 'Call Back',
    callbackAt: `${day.iso} 10:30:00`,
  });
  await expect(page).toHaveURL(/\/call-center\/outbound$/, SERVER);
  await ended;

  // The row stays in its list with the callback status and date: one day of call targets shows it.
  const token = await tokenOf(request, 'csr.franchise');
  const list = await apiGet<{ data: { OutboundId: number; CallStatus: string; callBackDate: string }[] }>(
    request,
    token,
    `/api/call-center/outboundind/SkippedRounds?pageSize=100&callTargetFrom=${day.iso}&callTargetTo=${day.iso}`,
  );
  expect(list.data.find((r) => r.OutboundId === theCall.OutboundId)).toMatchObject({ CallStatus: 'Callback' });
  await expect(control).toHaveAttribute('aria-expanded', 'true', SERVER);
  await section.getByRole('button', { name: 'Call Target', exact: true }).click();
  await clickDay(page, day, 2);
  const row = grid.locator(`.ag-row[row-id="${theCall.OutboundId}"]`);
  await expect(row.locator('[col-id="CallStatus"]')).toHaveText('Callback', SERVER);
  await expect(row.locator('[col-id="callBackDate"]')).toHaveText(new RegExp(`^${day.iso} `));
  await shot(page, 'end-call-callback-row');
});

test('no email and a declined confirmation: END CALL cancelled, still on the call', async ({ page }) => {
  await signIn(page, 'csr.franchise');
  await openCall(page, 'csr.franchise', OKONKWO, inboundCall(OKONKWO));
  await chooseResult(page, 'Information Only');

  // The customer has no email: asked first; declining cancels.
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (isEndCall(r)) sent.push(r);
  });
  await endButton(page).click();
  const noEmail = page.getByRole('dialog', { name: 'No Customer Email' });
  await expect(noEmail).toContainText('the end-call confirmation email cannot be sent');
  await shot(page, 'end-call-no-email');
  await expectNoAxeViolations(page);
  await noEmail.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, END_CALL_CANCELLED)).toBeVisible();
  await expect(endButton(page)).toBeEnabled();

  // Agreed to go on without email; the confirm dialog declined.
  await endButton(page).click();
  await noEmail.getByRole('button', { name: 'End without email' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm End Call' });
  await expect(confirm).toContainText('No confirmation email will be sent.');
  await expect(confirm.getByRole('button', { name: 'End Call' })).toBeFocused();
  await expectNoAxeViolations(page);
  await expect(confirm.getByTestId('end-call-summary-total')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(page, END_CALL_CANCELLED).first()).toBeVisible();
  await shot(page, 'end-call-cancelled');
  // The toast sits at the bottom right.
  const box = await toast(page, END_CALL_CANCELLED).first().boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x + box!.width).toBeGreaterThan(viewport.width * 0.6);
  expect(box!.y).toBeGreaterThan(viewport.height * 0.5);

  expect(sent).toHaveLength(0);
  await expect(page).toHaveURL(new RegExp(`${inboundCall(OKONKWO)}$`));
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open');
  await expect(endButton(page)).toBeEnabled();
  await cancelCall(page, /\/call-center\/inbound$/);
});

test('answers lost on the way back: retried with the same key, then the step toast; the next try ends the call once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'csr.franchise');
  await openCall(page, 'csr.franchise', OKONKWO, inboundCall(OKONKWO));
  await chooseResult(page, 'Information Only');

  // The server gets each request and ends the call, but its answers are lost: the screen cannot know.
  let lost = 3;
  await page.route('**/api/call-center/end-call', async (route) => {
    if (lost > 0) {
      lost--;
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  const keys: string[] = [];
  page.on('request', (r) => {
    if (isEndCall(r)) keys.push((r.postDataJSON() as { idempotencyKey: string }).idempotencyKey);
  });
  const end = async () => {
    await endButton(page).click();
    await page
      .getByRole('dialog', { name: 'No Customer Email' })
      .getByRole('button', { name: 'End without email' })
      .click();
    await page.getByRole('dialog', { name: 'Confirm End Call' }).getByRole('button', { name: 'End Call' }).click();
  };
  await end();
  const wait = page.getByRole('dialog', { name: 'Ending Call' });
  await expect(wait).toBeVisible();
  await shot(page, 'end-call-wait');
  await expect(
    toast(
      page,
      'ERRROR Inserting Call History Record: The server could not be reached. Check the connection and try again.',
    ),
  ).toBeVisible(SERVER);
  await expect(wait).toBeHidden();
  await shot(page, 'end-call-step-toast');
  expect(keys).toHaveLength(3);
  await expect(page).toHaveURL(new RegExp(`${inboundCall(OKONKWO)}$`));

  // The CSR tries again: the same key, so the server answers the call it already ended.
  const answered = page.waitForResponse((r) => isEndCall(r.request()));
  const ended = toastComing(page, 'Call ended');
  await end();
  const response = await answered;
  expect(await response.json()).toMatchObject({ repeated: true, orderId: null });
  expect(new Set(keys).size).toBe(1);
  expect(keys).toHaveLength(4);
  await expect(page).toHaveURL(/\/call-center\/inbound$/, SERVER);
  await ended;
});

test('a $0 sale is refused in the Error ending call dialog', async ({ page }) => {
  await signIn(page, 'csr.franchise');
  await openCall(page, 'csr.franchise', THORNBURY, inboundCall(THORNBURY));
  await chooseResult(page, 'Sale');
  await endButton(page).click();
  const dialog = page.getByRole('dialog', { name: END_CALL_ERROR_TITLE });
  await expect(dialog).toContainText(ZERO_SALE_MESSAGE);
  await shot(page, 'end-call-zero-sale');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(endButton(page)).toBeEnabled();
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open');
  await cancelCall(page, /\/call-center\/inbound$/);
});

test('the new-customer survey with a required answer missing shows the survey alert; answered, the call ends', async ({
  page,
}) => {
  await signIn(page, 'csr.franchise');
  await openCall(page, 'csr.franchise', THORNBURY, inboundCall(THORNBURY));
  await page.getByRole('tab', { name: 'Survey' }).click();
  await page.getByTestId('survey-question-102').getByRole('radio', { name: 'Yes' }).check();
  await chooseResult(page, 'Information Only');

  await endButton(page).click();
  const alert = page.getByRole('dialog', { name: 'Inputs are required' });
  await expect(alert).toContainText('Please provide the answer to all the required fields.');
  await shot(page, 'end-call-survey-alert');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Survey' })).toBeVisible();
  await expect(page.getByText('This answer is required.')).toBeVisible();

  await page.getByRole('combobox', { name: /How did you hear about us/ }).click();
  await page.getByRole('option', { name: 'Lawn sign' }).click();
  await endButton(page).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm End Call' });
  const sent = page.waitForRequest(isEndCall);
  const ended = toastComing(page, 'Call ended');
  await confirm.getByRole('button', { name: 'End Call' }).click();
  expect(((await sent).postDataJSON() as { survey: unknown }).survey).toEqual({ '101': 'Lawn sign', '102': 'Yes' });
  await expect(page).toHaveURL(/\/call-center\/inbound$/, SERVER);
  await ended;
});
