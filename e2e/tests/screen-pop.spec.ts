import { startPhoneSystem, type PhoneSystem } from '@cc/test-peers';
import { expectAxeClean, TOASTS } from './axe.js';
import { apiAs, callScreen, expectCallOpen, forgetOpenedCalls, signInAs } from './current-call-support.js';
import { expect, test, type Page } from './fixtures.js';
import { apiToken, SERVER, shot } from './helpers.js';

/**
 * Screen pop (decisions 074, 075): the local phone system, over real HTTP, signs an answered call to csr.cof and posts
 * it to the app; csr.cof's open browser hears it on its stream and goes where the pop says. One customer with the
 * caller's number opens the call screen on it (Harriet Lindgren, 17501/1005, home 402-555-4815); a number two
 * customers share lists both; an unknown number opens Add Call with it.
 */

const SECRET = 'the-journeys-phone-system-secret-0123456789';
test.use({ serverEnv: { TELEPHONY_SECRET: SECRET }, viewport: { width: 1366, height: 768 } });

const LINDGREN = { sqldbid: 17501, customerNo: 1005, phone: '4025554815' };
/** Given to two of csr.cof's customers here, as their cell phone. */
const SHARED = '4025550187';
const UNKNOWN = '4025550163';

let phone: PhoneSystem;
test.beforeEach(async ({ baseURL }) => {
  phone = await startPhoneSystem({ appUrl: String(baseURL), secret: SECRET });
});
test.afterEach(async ({ request, context }) => {
  await phone.close();
  await forgetOpenedCalls(request, context);
  const token = await apiToken(request, 'csr.cof');
  await apiAs(request, token, 'POST', '/api/call-center/call-inactive', {
    sqldbid: LINDGREN.sqldbid,
    customerNo: LINDGREN.customerNo,
    save: false,
  });
});

/** Signed in as csr.cof, its screen-pop stream open. */
async function readyForPops(page: Page): Promise<void> {
  await signInAs(page, 'csr.cof');
  await expect(page.getByTestId('screen-pop-status')).toHaveAttribute('data-live', 'true', SERVER);
}

async function ring(ani: string): Promise<string> {
  const callId = `journey-${ani.replace(/\D/g, '')}-${Date.now()}`;
  const answered = await phone.send({ type: 'answered', callId, ani, dnis: '8005550100', agent: 'csr.cof' });
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
  // Leaving the call frees it for the next pop.
  const token = await apiToken(request, 'csr.cof');
  await apiAs(request, token, 'POST', '/api/call-center/call-inactive', {
    sqldbid: LINDGREN.sqldbid,
    customerNo: LINDGREN.customerNo,
    save: false,
  });

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
