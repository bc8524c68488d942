import { dialProblem, phoneDigits } from '@cc/domain';
import { startPhoneSystem, type PhoneSystem } from '@cc/test-peers';
import { expectAxeClean, TOASTS } from './axe.js';
import { apiAs, callScreen, cancelCall, expectCallOpen, forgetOpenedCalls, signInAs } from './current-call-support.js';
import { expect, test as base, type Page } from './fixtures.js';
import { apiToken, DEMO_PASSWORD, forgetSavedCall, SERVER, shot, signIn } from './helpers.js';

/**
 * Screen pop (decisions 074, 075): the local phone system, over real HTTP, signs an answered call to csr.cof and posts
 * it to the app; csr.cof's open browser hears it on its stream and goes where the pop says. One customer with the
 * caller's number opens the call screen on it (Harriet Lindgren, 17501/1005, home 402-555-4815); a number two
 * customers share lists both; an unknown number opens Add Call with it. Click-to-dial: the call screen's Dial posts a
 * signed dial request to the phone system, and a do-not-call customer is refused with the reason. Next Call on an
 * outbound list dials the customer by itself, once, however often the screen reloads or Next Call is pressed again.
 * A phone line kept in the Utilities (decision 081) starts an unknown caller's Add Call on the dialled number's branch.
 */

const SECRET = 'the-journeys-phone-system-secret-0123456789';

/**
 * The server and the phone systems here keep a clock moved to the next noon in Chicago (the demo branches' zone), so
 * that Next Call dials within the calling hours whatever the hour the suite runs at; the refusals of the clock are
 * shown by the API's tests.
 */
const CLOCK_SHIFT_MS = untilNoonInChicago(Date.now());
const phoneClock = () => Date.now() + CLOCK_SHIFT_MS;

function untilNoonInChicago(now: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000;
  const day = 86_400_000;
  return (12 * 3_600_000 - sinceMidnight + day) % day;
}

/** The phone system the app dials through: it only receives (the events come from each test's own). */
const test = base.extend<object, { dialPeer: PhoneSystem }>({
  dialPeer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use) => {
      const peer = await startPhoneSystem({ appUrl: 'http://127.0.0.1:9', secret: SECRET, now: phoneClock });
      await use(peer);
      await peer.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ dialPeer }, use) => use({ TELEPHONY_SECRET: SECRET, TELEPHONY_DIAL_URL: `${dialPeer.url}/dial` }),
    { scope: 'worker' },
  ],
  serverClockShiftMs: [CLOCK_SHIFT_MS, { scope: 'worker' }],
});
test.use({ viewport: { width: 1366, height: 768 } });

const LINDGREN = { sqldbid: 17501, customerNo: 1005, phone: '4025554815' };
/** Given to two of csr.cof's customers here, as their cell phone. */
const SHARED = '4025550187';
const UNKNOWN = '4025550163';

let phone: PhoneSystem;
test.beforeEach(async ({ baseURL }) => {
  phone = await startPhoneSystem({ appUrl: String(baseURL), secret: SECRET, now: phoneClock });
});
test.afterEach(async ({ request, context }) => {
  await phone.close();
  await context.close();
  // A call a failed journey left open is saved for csr.cof: forgotten, so other journeys start on the dashboard.
  await forgetSavedCall(request, 'csr.cof', DEMO_PASSWORD);
  await forgetOpenedCalls(request, context);
});

/** Signed in as csr.cof, its screen-pop stream open. */
async function readyForPops(page: Page): Promise<void> {
  await signInAs(page, 'csr.cof');
  await expect(page.getByTestId('screen-pop-status')).toHaveAttribute('data-live', 'true', SERVER);
}

async function ring(ani: string, dnis = '8005550100'): Promise<string> {
  const callId = `journey-${ani.replace(/\D/g, '')}-${Date.now()}`;
  const answered = await phone.send({ type: 'answered', callId, ani, dnis, agent: 'csr.cof' });
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  expect(answered.body).toEqual(expect.objectContaining({ agentFound: true, popped: true }));
  return callId;
}

test('an answered call pops csr.cof’s screen: one customer opens the call, two are listed, none offers Add Call', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await readyForPops(page);
  await shot(page, 'screen-pop-ready');
  await expectAxeClean(page, 'the header with the screen-pop badge', { include: 'header' });

  // One customer with the number: the call screen opens on her, Inbound.
  await ring('+1 (402) 555-4815');
  await expect(page).toHaveURL(
    new RegExp(`/call-center/current-call/${LINDGREN.sqldbid}/${LINDGREN.customerNo}/Inbound$`),
    SERVER,
  );
  await expectCallOpen(page);
  await expect(page.getByTestId('customer-name')).toContainText('Lindgren');
  await shot(page, 'screen-pop-call');
  // Cancel Call frees it for the next pop.
  await cancelCall(page, /\/call-center\/inbound$/);
  const token = await apiToken(request, 'csr.cof');

  // Two customers share a number: both are listed on the inbound search, the number in its Phone field.
  const found = await apiAs<{ rows: { SQLDBID: number; AccountNo: number; Name: string }[] }>(
    request,
    token,
    'POST',
    '/api/InboundCall/SearchCustomers',
    { lastname: 'Mi', pageSize: 25 },
  );
  const two = found.rows.filter((r) => r.AccountNo > 1010).slice(0, 2);
  expect(two).toHaveLength(2);
  for (const row of two) {
    const key = { sqldbid: row.SQLDBID, customerNo: row.AccountNo };
    await apiAs(request, token, 'POST', '/api/call-center/call-active', { ...key, callType: 'Inbound' });
    const { version } = await apiAs<{ version: number }>(
      request,
      token,
      'GET',
      `/api/customer/${row.SQLDBID}/${row.AccountNo}`,
    );
    await apiAs(request, token, 'PUT', `/api/customer/${row.AccountNo}/${row.SQLDBID}`, { version, cellPhone: SHARED });
    await apiAs(request, token, 'POST', '/api/call-center/call-inactive', { ...key, save: false });
  }
  await page.goto('/dashboard');
  await expect(page.getByTestId('screen-pop-status')).toHaveAttribute('data-live', 'true', SERVER);
  await ring(SHARED);
  await expect(page).toHaveURL(/\/call-center\/inbound$/, SERVER);
  const grid = page.getByTestId('inbound-grid');
  for (const row of two)
    await expect(grid.getByRole('button', { name: `Open call for ${row.Name}` })).toBeVisible(SERVER);
  await expect(grid.getByTestId('open-call')).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue(SHARED);
  await shot(page, 'screen-pop-two');
  await expectAxeClean(page, 'the inbound search of a pop', { exclude: TOASTS });

  // Nobody has the number: Add Call opens with it.
  await ring(UNKNOWN);
  const addCall = page.getByRole('dialog', { name: 'Add Call' });
  await expect(addCall).toBeVisible(SERVER);
  await expect(addCall.getByRole('textbox', { name: 'Phone' })).toHaveValue(UNKNOWN);
  await shot(page, 'screen-pop-add-call');
  await expectAxeClean(page, 'Add Call from a pop', { exclude: TOASTS });
  await expect(callScreen(page)).toHaveCount(0);
});

test('Dial on the call screen dials through the phone system; a do-not-call customer is refused with the reason', async ({
  page,
  request,
  dialPeer,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'csr.cof');
  await page.goto(`/call-center/current-call/${LINDGREN.sqldbid}/${LINDGREN.customerNo}/Inbound`);
  await expectCallOpen(page);
  const dial = page.getByRole('button', { name: 'Dial home phone (402) 555-4815' });
  const before = dialPeer.dials.length;
  // Noon at the Omaha branch on the server's clock: within the calling hours, so the number is dialled.
  expect(dialProblem({ doNotCall: false, now: new Date(phoneClock()), timeZone: 'America/Chicago' })).toBeNull();
  await dial.click();
  await expect(page.getByText('Dialling (402) 555-4815…')).toBeVisible(SERVER);
  await expect.poll(() => dialPeer.dials.length).toBe(before + 1);
  expect(dialPeer.dials.every((d) => d.signed && d.agent === 'csr.cof' && d.number === '4025554815')).toBe(true);
  await shot(page, 'screen-pop-dial');
  await expectAxeClean(page, 'the call screen with Dial', { exclude: TOASTS });
  await cancelCall(page, /\/call-center\/inbound$/);
  const token = await apiToken(request, 'csr.cof');

  // A customer on the federal do-not-call list: Dial is refused with the reason, and nothing reaches the phone system.
  let dnc: { sqldbid: number; customerNo: number } | null = null;
  for (const lastname of ['Mi', 'Jo', 'Sm', 'Br', 'Wi']) {
    const found = await apiAs<{ rows: { SQLDBID: number; AccountNo: number }[] }>(
      request,
      token,
      'POST',
      '/api/InboundCall/SearchCustomers',
      { lastname, pageSize: 100 },
    );
    for (const row of found.rows) {
      const status = await apiAs<{ IsOnFederalDoNotCallList: boolean }>(
        request,
        token,
        'GET',
        `/api/customer/FederalDoNotCallStatus/${row.AccountNo}/${row.SQLDBID}`,
      );
      if (status.IsOnFederalDoNotCallList) {
        dnc = { sqldbid: row.SQLDBID, customerNo: row.AccountNo };
        break;
      }
    }
    if (dnc) break;
  }
  if (!dnc) throw new Error('no demo customer of csr.cof on the do-not-call list');
  const dialsBefore = dialPeer.dials.length;
  await page.goto(`/call-center/current-call/${dnc.sqldbid}/${dnc.customerNo}/Inbound`);
  const attention = page.getByRole('dialog', { name: 'Attention' });
  await expect(attention).toBeVisible(SERVER);
  await attention.getByRole('button', { name: 'OK' }).click();
  await page
    .getByRole('button', { name: /^Dial / })
    .first()
    .click();
  await expect(page.getByText(/on the federal do-not-call list: the number is not dialled/)).toBeVisible(SERVER);
  await shot(page, 'screen-pop-dial-dnc');
  expect(dialPeer.dials.length).toBe(dialsBefore);
  await cancelCall(page, /\/call-center\/inbound$/);
});

test('Next Call dials the call it opens through the phone system, once: a reload or Next Call again dials nothing more', async ({
  page,
  request,
  dialPeer,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'csr.cof');
  await page.goto('/call-center/outbound');
  const section = page.getByTestId('outbound-section-Cancel');
  const control = section.getByRole('button', { name: /^Cancel/ }).first();
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  const nextCall = section.getByRole('button', { name: 'Next Call' });
  await expect(nextCall).toBeEnabled(SERVER);
  const before = dialPeer.dials.length;
  await nextCall.click();
  await expect(page).toHaveURL(/\/call-center\/current-call\/\d+\/\d+\/Cancel$/, SERVER);
  await expectCallOpen(page);
  const row = await page.evaluate(
    () =>
      (history.state as { usr?: { theCall?: { SQLDBID: number; cust_No: number; Phone: string } } } | null)?.usr
        ?.theCall,
  );
  if (!row) throw new Error('the call screen was opened without its row');
  const number = phoneDigits(row.Phone);
  expect(number.length).toBeGreaterThanOrEqual(7);

  // Noon on the server's clock where the customer is, and a customer free to call: the number is dialled.
  const token = await apiToken(request, 'csr.cof');
  const { timeZone } = await apiAs<{ timeZone: string }>(request, token, 'POST', '/api/currentcall/getFranchiseInfo', {
    sqldbid: row.SQLDBID,
  });
  const dnc = await apiAs<{ IsOnFederalDoNotCallList: boolean }>(
    request,
    token,
    'GET',
    `/api/customer/FederalDoNotCallStatus/${row.cust_No}/${row.SQLDBID}`,
  );
  expect(dialProblem({ doNotCall: dnc.IsOnFederalDoNotCallList, now: new Date(phoneClock()), timeZone })).toBeNull();
  const notice = page.getByTestId('next-call-dial');
  await expect(notice).toHaveAttribute('data-dial', 'dialled', SERVER);
  await expect(notice).toContainText('Next Call asked the phone system to dial this customer.');
  const callId = await notice.getAttribute('data-call-id');
  expect(dialPeer.dials.slice(before)).toEqual([
    expect.objectContaining({ agent: 'csr.cof', number, callId, signed: true }),
  ]);
  await shot(page, 'next-call-dial');
  await expectAxeClean(page, 'the call screen Next Call opened', { exclude: TOASTS });

  // A reload asks again and is told of the dial made: nothing more reaches the phone system.
  await page.reload();
  await expectCallOpen(page);
  await expect(notice).toHaveAttribute('data-dial', 'earlier', SERVER);
  expect(await notice.getAttribute('data-call-id')).toBe(callId);
  await shot(page, 'next-call-dial-reloaded');

  // Left without ending it, the call is still the list's next: Next Call again is the same call, not dialled again.
  await cancelCall(page, /\/call-center\/outbound/);
  await section.getByRole('button', { name: 'Next Call' }).click();
  await expectCallOpen(page);
  await expect(notice).toHaveAttribute('data-dial', 'earlier', SERVER);
  expect(await notice.getAttribute('data-call-id')).toBe(callId);
  expect(dialPeer.dials.length).toBe(before + 1);
  await cancelCall(page, /\/call-center\/outbound/);
});

test('a phone line kept in the Utilities starts an unknown caller’s Add Call on its branch', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The supervisor says the number 877-555-0199 is branch SLI014's line.
  const supervisorContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const supervisor = await supervisorContext.newPage();
    await signIn(supervisor, 'supervisor');
    await supervisor.goto('/call-center/Utilities');
    await supervisor.getByTestId('open-phone-lines').click();
    const lines = supervisor.getByRole('dialog', { name: 'Phone Lines' });
    await expect(lines).toBeVisible(SERVER);
    await lines.getByRole('textbox', { name: 'Number dialled (DNIS)' }).fill('1-877-555-0199');
    await lines.getByRole('combobox', { name: 'Branch' }).fill('SLI014');
    await supervisor.getByRole('option', { name: /^SLI014 · / }).click();
    await lines.getByRole('textbox', { name: 'Description' }).fill('Spring mailer');
    await lines.getByRole('button', { name: 'Add Line' }).click();
    await expect(lines.getByRole('gridcell', { name: '(877) 555-0199' })).toBeVisible(SERVER);
    await shot(supervisor, 'phone-lines');
    await expectAxeClean(supervisor, 'the phone lines', { exclude: TOASTS });
  } finally {
    await supervisorContext.close();
  }

  // An unknown caller dials it: Add Call opens with the number, on SLI014.
  await readyForPops(page);
  await ring('402-555-0168', '+1 877 555 0199');
  const addCall = page.getByRole('dialog', { name: 'Add Call' });
  await expect(addCall).toBeVisible(SERVER);
  await expect(addCall.getByRole('textbox', { name: 'Phone' })).toHaveValue('4025550168');
  await expect(addCall.getByTestId('franchise-input')).toHaveValue(/^SLI014 · /);
  await shot(page, 'screen-pop-add-call-line');
});
