import { CALL_TYPES } from '@cc/domain';
import { expectAxeClean, TOASTS } from './axe.js';
import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { DEMO_PASSWORD, SERVER, shot, signIn, toast } from './helpers.js';

/**
 * The supervisor's live view of the floor (decision 035): the supervisor's page shows a CSR's
 * call open in another browser, then the call ended, without a reload and without polling — pushed by the server
 * over Server-Sent Events. A CSR is offered no floor view. Customer: Dale Okonkwo (csr.franchise, no email).
 */

const OKONKWO = { sqldbid: 18001, customerNo: 1002 };
const OKONKWO_CALL = `/call-center/current-call/${OKONKWO.sqldbid}/${OKONKWO.customerNo}/Inbound`;

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test.afterEach(async ({ request }) => {
  const token = await tokenOf(request, 'csr.franchise');
  await request.post('/api/call-center/call-inactive', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...OKONKWO, save: false },
  });
});

const expectNoAxeViolations = (page: Page) => expectAxeClean(page, 'the floor', { exclude: TOASTS });

const todayCalls = async (page: Page) => Number(await page.getByTestId('floor-today-calls').textContent());

test('the floor shows a call another browser opens, then ends, as it happens', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, 'supervisor');
  await page.getByTestId('app-floor').click();
  await expect(page).toHaveURL(/\/call-center\/floor$/);
  await expect(page.getByTestId('floor-status')).toHaveText('Live', SERVER);
  await expect(page.getByRole('heading', { name: 'Outbound lists per branch' })).toBeVisible();
  await expect(page.getByTestId('floor-lists')).toContainText('SG101');
  // The lists are named as people read them, not by the call types' code names.
  const headers = await page.getByTestId('floor-lists').getByRole('columnheader').allInnerTexts();
  expect(headers.length).toBeGreaterThan(2);
  for (const t of CALL_TYPES) {
    expect(headers).not.toContain(t.CallTypeName);
  }
  const before = await todayCalls(page);
  await expectNoAxeViolations(page);
  await shot(page, 'floor');

  // A CSR, in a browser of their own, opens a call: it appears on the supervisor's floor.
  const csrContext = await browser.newContext();
  const csr = await csrContext.newPage();
  try {
    await signIn(csr, 'csr.franchise');
    await csr.goto(OKONKWO_CALL);
    await expect(csr.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);
    const openCalls = page.getByTestId('floor-open-calls');
    await expect(openCalls).toContainText('Riley Franks', { timeout: 5000 });
    await expect(openCalls).toContainText('Dale Okonkwo');
    await expect(page.getByTestId('floor-open-count')).not.toHaveText('0');
    await shot(page, 'floor-open-call');

    // The CSR ends the call from the call screen: the supervisor's numbers move without a reload.
    await csr.getByRole('combobox', { name: 'Call result' }).click();
    await csr.getByRole('option', { name: 'Information Only', exact: true }).click();
    await csr.getByTestId('call-header').getByRole('button', { name: 'End Call' }).click();
    await csr
      .getByRole('dialog', { name: 'No Customer Email' })
      .getByRole('button', { name: 'End without email' })
      .click();
    const ended = csr.waitForResponse((r) => r.url().endsWith('/api/call-center/end-call'));
    await csr.getByRole('dialog', { name: 'Confirm End Call' }).getByRole('button', { name: 'End Call' }).click();
    expect((await ended).ok()).toBe(true);
    await expect(page.getByTestId('floor-today-calls')).toHaveText(String(before + 1), { timeout: 5000 });
    await expect(page.getByText('Dale Okonkwo')).toHaveCount(0);
    await expect(page.locator('[data-csr="Riley Franks"]')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'floor-call-ended');
  } finally {
    await csrContext.close();
  }
});

test('a CSR is offered no floor view, and is refused it', async ({ page }) => {
  await signIn(page, 'csr.franchise');
  await expect(page.getByTestId('app-inbound')).toBeVisible();
  await expect(page.getByTestId('app-floor')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Floor' })).toHaveCount(0);
  await page.goto('/call-center/floor');
  await expect(toast(page, 'Access Denied.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('floor-status')).toHaveCount(0);
});
