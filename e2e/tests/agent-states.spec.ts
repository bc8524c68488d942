import { startPhoneSystem } from '@cc/test-peers';
import { expectAxeClean, TOASTS } from './axe.js';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures.js';
import { DEMO_PASSWORD, SERVER, shot, signIn } from './helpers.js';

/**
 * Agent states (decision 076), at 1366x768: an administrator adds an away reason; a CSR goes Away with it from the
 * header, opens a call (On call), ends it (Wrap-up, then Ready by itself), and the supervisor's floor in another
 * browser shows each state as it happens. Customer: Dale Okonkwo (csr.franchise, no email). The server's Wrap-up is 4 s so the journey sees it end.
 * The header follows a phone event without a reload (decision 081): the local phone system's signed events move the
 * CSR On call and to Wrap-up, and the CSR's stream tells the header.
 */

const SECRET = 'the-journeys-phone-system-secret-0123456789';
test.use({
  serverEnv: { AGENT_WRAP_UP_SECONDS: '4', TELEPHONY_SECRET: SECRET },
  viewport: { width: 1366, height: 768 },
});

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

/** The CSR's row in the floor's agent table. */
const agentRow = (floor: Page, csr: string): Locator =>
  floor.getByTestId('floor-agents').locator(`[data-agent="${csr}"]`);

test('a CSR goes Away, takes a call and wraps it up; the floor follows each state', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // The administrator adds the reason the CSR will give, among the reference data.
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin');
    await admin.goto('/admin/reference/away-reasons');
    const reasons = admin.getByRole('table', { name: 'Away reasons' });
    await expect(reasons.getByRole('row').filter({ hasText: 'Lunch' })).toBeVisible();
    await admin.getByRole('button', { name: 'Add away reason' }).click();
    const add = admin.getByRole('dialog', { name: 'Add away reason' });
    await add.getByRole('textbox', { name: 'Description' }).fill('Team huddle');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(reasons.getByRole('row').filter({ hasText: 'Team huddle' })).toBeVisible();
    await expectAxeClean(admin, 'the away reasons', { exclude: TOASTS });
    await shot(admin, 'agent-state-away-reasons');
  } finally {
    await adminContext.close();
  }

  const floor = page;
  await signIn(floor, 'supervisor');
  await floor.goto('/call-center/floor');
  await expect(floor.getByTestId('floor-status')).toHaveText('Live', SERVER);

  const csrContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const csr = await csrContext.newPage();
  try {
    await signIn(csr, 'csr.franchise');
    const state = csr.getByTestId('agent-state');
    // Signed in and nothing picked yet: Offline, and not on the floor.
    await expect(state).toHaveAttribute('data-state', 'Offline');
    await expect(agentRow(floor, 'Riley Franks')).toHaveCount(0);

    // Away asks for a reason: the menu lists them under Away.
    await state.click();
    const menu = csr.getByRole('menu');
    await expect(menu.getByText('Away: pick a reason')).toBeVisible();
    await expectAxeClean(csr, 'the header with the state menu open', { exclude: TOASTS });
    await shot(csr, 'agent-state-menu');
    await csr.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(state).toBeFocused();

    // From the keyboard: Enter opens the menu on its first item, the arrows move, Enter picks, and the focus is back
    // on the state button.
    await state.focus();
    await csr.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Ready' })).toBeFocused();
    // ArrowDown once per item between Ready and the reason, wherever its sort order put it.
    const names = (await menu.getByRole('menuitem').allTextContents()).map((name) => name.trim());
    expect(names[0]).toBe('Ready');
    expect(names).toContain('Team huddle');
    for (let n = names.indexOf('Team huddle'); n > 0; n--) await csr.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Team huddle' })).toBeFocused();
    await csr.keyboard.press('Enter');
    await expect(menu).toHaveCount(0);
    await expect(state).toHaveAttribute('data-state', 'Away');
    await expect(state).toBeFocused();
    await expect(state).toContainText('Away: Team huddle');
    await expect(agentRow(floor, 'Riley Franks')).toHaveAttribute('data-state', 'Away', { timeout: 5000 });
    await expect(agentRow(floor, 'Riley Franks')).toContainText('Away: Team huddle');

    // Opening a call is On call, on the header and on the floor.
    await csr.goto(OKONKWO_CALL);
    await expect(csr.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);
    await expect(state).toHaveAttribute('data-state', 'On call');
    await expect(agentRow(floor, 'Riley Franks')).toHaveAttribute('data-state', 'On call', { timeout: 5000 });
    await expectAxeClean(csr, 'the call screen’s header with the state', { exclude: TOASTS });
    await shot(csr, 'agent-state-on-call');

    // Ending it is Wrap-up, which turns into Ready by itself.
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
    await expect(agentRow(floor, 'Riley Franks')).toHaveAttribute('data-state', 'Wrap-up', { timeout: 5000 });
    await expect(state).toHaveAttribute('data-state', 'Wrap-up');
    await expectAxeClean(floor, 'the floor with agent states', { exclude: TOASTS });
    await shot(floor, 'agent-states-floor-wrap-up');
    await expect(state).toHaveAttribute('data-state', 'Ready', { timeout: 10_000 });
    await expect(agentRow(floor, 'Riley Franks')).toHaveAttribute('data-state', 'Ready', { timeout: 10_000 });
    await expect(floor.getByTestId('floor-state-counts')).toContainText('Ready: 1');
    await shot(csr, 'agent-state-ready');
    await shot(floor, 'agent-states-floor-ready');
  } finally {
    await csrContext.close();
  }
});

test('the header follows a phone event live: On call, then Wrap-up, then Ready, without a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const phone = await startPhoneSystem({ appUrl: String(baseURL), secret: SECRET });
  try {
    await signIn(page, 'csr.cof');
    const state = page.getByTestId('agent-state');
    await state.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Ready' }).click();
    await expect(state).toHaveAttribute('data-state', 'Ready');
    // The stream is open: what the phone system does reaches this window from now on.
    await expect(page.getByTestId('screen-pop-status')).toHaveAttribute('data-live', 'true', SERVER);
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { journeyMark: 'same document' }));

    // A caller nobody knows: the pop offers Add Call (no call is opened here), and the header says On call.
    const callId = `journey-state-${Date.now()}`;
    const call = { callId, ani: '402-555-0174', agent: 'csr.cof' };
    expect((await phone.send({ type: 'answered', ...call })).status).toBe(200);
    await expect(page.getByRole('dialog', { name: 'Add Call' })).toBeVisible(SERVER);
    await expect(state).toHaveAttribute('data-state', 'On call', SERVER);
    // The phone system ends the call: Wrap-up, then Ready when it is over.
    expect((await phone.send({ type: 'ended', ...call })).status).toBe(200);
    await expect(state).toHaveAttribute('data-state', 'Wrap-up', SERVER);
    await shot(page, 'agent-state-phone-wrap-up');
    await expectAxeClean(page, 'the header after a phone event', { include: 'header' });
    await expect(state).toHaveAttribute('data-state', 'Ready', { timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark)).toBe(
      'same document',
    );
  } finally {
    await phone.close();
  }
});
