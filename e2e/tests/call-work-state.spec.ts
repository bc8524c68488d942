import { expectAxeClean } from './axe.js';
import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { DEMO_PASSWORD, fillSignIn, forgetSavedCall, pageToken, SERVER, shot, signIn, signOut } from './helpers.js';

/**
 * Work on a call survives (docs/decisions/023-call-working-state.md): a reload, a closed window
 * and a new sign-in come back to the call with everything the CSR did on it — programs, services, the coupon, the
 * discounts, the result, the call log, the survey and a prospect's edits — and the dashboard's return to a saved
 * call says which call it is and why.
 */

const LINDGREN = { sqldbid: 17501, customerNo: 1005 }; // csr.cof's customer, Omaha
const CALL = `/call-center/current-call/${LINDGREN.sqldbid}/${LINDGREN.customerNo}/Inbound`;

const screen = (page: Page) => page.getByTestId('current-call');
const lawnCard = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });
const service = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Additional Services' }).getByRole('checkbox', { name, exact: true });
const prepay = (page: Page) => page.getByRole('switch', { name: /Prepay discount/ });
const callDiscount = (page: Page) => page.getByRole('switch', { name: /Call discount/ });
const result = (page: Page) => page.getByRole('combobox', { name: 'Call result' });

async function expectOpen(page: Page): Promise<void> {
  await expect(screen(page)).toHaveAttribute('data-call-status', 'open', SERVER);
}
/** Every change has reached the server. */
async function expectSaved(page: Page): Promise<void> {
  await expect(screen(page)).toHaveAttribute('data-work-state', 'saved', SERVER);
}

/** Sign in through the dialog, keeping the saved call (the helper's signIn forgets it). */
async function signInAgain(page: Page): Promise<void> {
  await page.goto('/');
  await fillSignIn(page, 'csr.cof', DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${CALL}$`), SERVER);
}

async function currentYear(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/customer/currentserviceyear', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { serviceYear: number }).serviceYear;
}

/** The work of the journey: next year's prices, a program, a service, a coupon, discounts, result, notes, survey. */
async function doTheWork(page: Page, nextYear: number): Promise<void> {
  await page.getByRole('tab', { name: 'Pricing' }).click();
  await expect(page.getByTestId('pricing-tab')).toBeVisible(SERVER);
  await page.getByTestId('pricing-service-year').getByText(String(nextYear), { exact: true }).click();
  await expect(page.getByTestId('pricing-tab')).toHaveAttribute('data-service-year', String(nextYear), SERVER);
  await lawnCard(page, 'Preferred Program').click();
  await service(page, 'Core Aeration').check();
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('save20');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page.getByTestId('coupon-state')).toHaveText('Coupon SAVE20 applied: −$20.00');
  await prepay(page).uncheck();
  await callDiscount(page).check();

  await result(page).click();
  await page.getByRole('option', { name: 'Sale', exact: true }).click();
  await page.getByRole('button', { name: 'Call Log' }).click();
  const log = page.getByRole('dialog', { name: 'Call Log' });
  await log.getByRole('textbox', { name: 'Notes for this call' }).fill('Wants the first round early.');
  await log.getByRole('button', { name: 'Save' }).click();
  await expect(log).toBeHidden();

  await page.getByRole('tab', { name: 'Survey' }).click();
  await page.getByTestId('survey-question-102').getByRole('radio', { name: 'Yes' }).check();
}

async function expectTheWork(page: Page, nextYear: number, total: string): Promise<void> {
  await expect(result(page)).toHaveValue('Sale');
  await page.getByRole('tab', { name: 'Survey' }).click();
  await expect(page.getByTestId('survey-question-102').getByRole('radio', { name: 'Yes' })).toBeChecked();
  await page.getByRole('button', { name: 'Call Log' }).click();
  const log = page.getByRole('dialog', { name: 'Call Log' });
  await expect(log.getByRole('textbox', { name: 'Notes for this call' })).toHaveValue('Wants the first round early.');
  await log.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'Pricing' }).click();
  await expect(page.getByTestId('pricing-tab')).toHaveAttribute('data-service-year', String(nextYear), SERVER);
  await expect(lawnCard(page, 'Preferred Program')).toBeChecked(SERVER);
  await expect(service(page, 'Core Aeration')).toBeChecked();
  await expect(page.getByTestId('coupon-state')).toHaveText('Coupon SAVE20 applied: −$20.00');
  await expect(prepay(page)).not.toBeChecked();
  await expect(callDiscount(page)).toBeChecked();
  await expect(page.getByTestId('pricing-total')).toHaveText(total);
}

test.beforeEach(async ({ request }) => {
  await forgetSavedCall(request, 'csr.cof', DEMO_PASSWORD);
});

test('a reload, a closed window and a new sign-in come back to the call with all its work', async ({
  page,
  browser,
  server,
  request,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'csr.cof');
  await page.goto(CALL);
  await expectOpen(page);
  const nextYear = (await currentYear(request, await pageToken(page))) + 1;
  await doTheWork(page, nextYear);
  await page.getByRole('tab', { name: 'Pricing' }).click();
  const total = (await page.getByTestId('pricing-total').textContent()) ?? '';
  expect(total).not.toBe('$0.00');

  // F5 with a change not yet saved: the browser asks first; reloading anyway keeps the change (sent as the page goes).
  await page.getByRole('tab', { name: 'Pricing' }).click();
  await callDiscount(page).uncheck();
  // Saved without the discount, so that checking it again is a change (within a second it would undo one unsent).
  await expectSaved(page);
  await callDiscount(page).check();
  const asked = page.waitForEvent('dialog');
  void page.reload();
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
  await expectOpen(page);
  await expectTheWork(page, nextYear, total);

  // Saved, a reload asks nothing.
  await expectSaved(page);
  let prompted = false;
  page.on('dialog', (d) => {
    prompted = true;
    void d.accept();
  });
  await page.reload();
  await expectOpen(page);
  expect(prompted).toBe(false);
  await expectTheWork(page, nextYear, total);

  // The window is closed; a new one signs in and the dashboard sends the CSR back to the call, saying so.
  await expectSaved(page);
  await page.close({ runBeforeUnload: true });
  const fresh = await browser.newContext({ baseURL: server.url });
  const again = await fresh.newPage();
  await signInAgain(again);
  await expectOpen(again);
  const notice = again.getByTestId('resumed-call-notice');
  await expect(notice).toContainText('Back to the call you left');
  await expect(notice).toContainText('Lindgren');
  await expect(notice).toContainText('customer 1005');
  await expect(notice).toContainText('which you left without ending it');
  await expectTheWork(again, nextYear, total);

  // Signing out and in again: the same.
  await expectSaved(again);
  await signOut(again);
  await signInAgain(again);
  await expectOpen(again);
  await expectTheWork(again, nextYear, total);

  // The notice's way out leaves the call for now, without the prompt.
  await again.getByRole('button', { name: 'Leave this call for now' }).click();
  await expect(again).toHaveURL(/\/call-center\/inbound$/, SERVER);

  // Cancelling the call discards its work: opened again, it starts empty.
  await again.goto(CALL);
  await expectOpen(again);
  await expect(result(again)).toHaveValue('Sale');
  await again.getByTestId('call-header').getByRole('button', { name: 'Cancel Call' }).click();
  await again
    .getByRole('dialog', { name: 'Please confirm navigation' })
    .getByRole('button', { name: 'Cancel the call' })
    .click();
  await expect(again).toHaveURL(/\/call-center\/inbound$/, SERVER);
  await again.goto(CALL);
  await expectOpen(again);
  await expect(result(again)).toHaveValue('');
  await again.getByTestId('call-header').getByRole('button', { name: 'Cancel Call' }).click();
  await again
    .getByRole('dialog', { name: 'Please confirm navigation' })
    .getByRole('button', { name: 'Cancel the call' })
    .click();
  await expect(again).toHaveURL(/\/call-center\/inbound$/, SERVER);
  await fresh.close();
});

test('an unknown customer’s edits are part of the work and survive a reload', async ({ page, request }) => {
  await signIn(page, 'csr.cof');
  const token = await pageToken(page);
  const theCall = { FirstName: 'Unknown', LastName: 'Caller', City: 'Omaha', State: 'NE', Zip: '68102', AccountNo: -1 };
  const saved = await request.post('/api/call-center/call-inactive', {
    headers: { Authorization: `Bearer ${token}` },
    data: { sqldbid: LINDGREN.sqldbid, customerNo: -1, save: true, callType: 'Inbound', theCall },
  });
  expect(saved.ok()).toBe(true);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/current-call\/17501\/-1\/Inbound$/, SERVER);
  await expectOpen(page);
  await expect(page.getByTestId('resumed-call-notice')).toContainText('Unknown Caller');

  await page.getByRole('button', { name: 'Edit customer' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await edit.getByRole('textbox', { name: 'First name' }).fill('Nora');
  await edit.getByRole('textbox', { name: 'Last name' }).fill('Quill');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('customer-name')).toHaveText('Nora Quill');
  await expectSaved(page);

  await page.reload();
  await expectOpen(page);
  await expect(page.getByTestId('customer-name')).toHaveText('Nora Quill');
  await page.getByTestId('call-header').getByRole('button', { name: 'Cancel Call' }).click();
  await page
    .getByRole('dialog', { name: 'Please confirm navigation' })
    .getByRole('button', { name: 'Cancel the call' })
    .click();
  await expect(page).toHaveURL(/\/call-center\/inbound$/, SERVER);
});

/** Choose 'Sale' as the call's result. */
async function chooseSale(page: Page): Promise<void> {
  await result(page).click();
  await page.getByRole('option', { name: 'Sale', exact: true }).click();
  await expect(result(page)).toHaveValue('Sale');
}

/** This CSR's working state of the call, as the server keeps it. */
async function storedState(page: Page): Promise<{ result: string | null; notes: string } | null> {
  const token = await pageToken(page);
  const response = await page.request.get(`/api/call-center/work-state/${LINDGREN.sqldbid}/${LINDGREN.customerNo}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { workState: { state: { result: string | null; notes: string } } | null };
  return body.workState?.state ?? null;
}

test('a change made a moment before signing out is saved: the sign-out sends it first', async ({ page }) => {
  await signIn(page, 'csr.cof');
  await page.goto(CALL);
  await expectOpen(page);
  await expectSaved(page);
  // Signed out at once, well before the change's debounced save is due.
  await chooseSale(page);
  await signOut(page);
  await signInAgain(page);
  await expectOpen(page);
  await expect(result(page)).toHaveValue('Sale');
});

test('the notice of a return to a saved call shows once per sign-in, not after a reload; it is accessible', async ({
  page,
}) => {
  await signIn(page, 'csr.cof');
  const saved = await page.request.post('/api/call-center/call-inactive', {
    headers: { Authorization: `Bearer ${await pageToken(page)}` },
    data: { ...LINDGREN, save: true, callType: 'Inbound', theCall: {} },
  });
  expect(saved.ok()).toBe(true);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(new RegExp(`${CALL}$`), SERVER);
  await expectOpen(page);
  const notice = page.getByTestId('resumed-call-notice');
  await expect(notice).toContainText('Lindgren');
  await expectAxeClean(page, 'the resumed call notice', { include: '[data-testid="resumed-call-notice"]' });
  await shot(page, 'work-state-resumed-notice');

  // A reload is the same return: the call and its work, no notice again.
  await page.reload();
  await expectOpen(page);
  await expect(page.getByRole('tab', { name: 'Customer' })).toBeFocused();
  await expect(notice).toHaveCount(0);

  // A new sign-in is another: the notice again.
  await signOut(page);
  await signInAgain(page);
  await expectOpen(page);
  await expect(notice).toContainText('which you left without ending it');
});

test('the network lost mid-call: the CSR is told the work is not saved yet, and it is once the network is back', async ({
  page,
  context,
}) => {
  await signIn(page, 'csr.cof');
  await page.goto(CALL);
  await expectOpen(page);
  await expectSaved(page);

  await context.setOffline(true);
  await chooseSale(page);
  await page.getByRole('button', { name: 'Call Log', exact: true }).click();
  const log = page.getByRole('dialog', { name: 'Call Log' });
  await log.getByRole('textbox', { name: 'Notes for this call' }).fill('Called from a train.');
  await log.getByRole('button', { name: 'Save' }).click();
  await expect(log).toBeHidden();
  const unsaved = page.getByTestId('work-unsaved-notice');
  await expect(unsaved).toContainText('Work not saved yet');
  await expect(screen(page)).toHaveAttribute('data-work-state', 'pending');
  await shot(page, 'work-state-offline');

  // Online again: saved without another change, and the notice goes.
  await context.setOffline(false);
  await expectSaved(page);
  await expect(unsaved).toHaveCount(0);
  expect(await storedState(page)).toMatchObject({ result: 'Sale', notes: 'Called from a train.' });
  await page.reload();
  await expectOpen(page);
  await expect(result(page)).toHaveValue('Sale');
  await page.getByRole('button', { name: 'Call Log', exact: true }).click();
  await expect(log.getByRole('textbox', { name: 'Notes for this call' })).toHaveValue('Called from a train.');
});

test('a reload mid-call reopens on the tab the CSR was on; the call opened again after leaving starts on Customer', async ({
  page,
}) => {
  await signIn(page, 'csr.cof');
  await page.goto(CALL);
  await expectOpen(page);
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  await tab('Pricing').click();
  await expect(page.getByTestId('pricing-tab')).toBeVisible(SERVER);

  await page.reload();
  await expectOpen(page);
  await expect(tab('Pricing')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Pricing')).toBeFocused();
  await expect(page.getByTestId('pricing-tab')).toBeVisible(SERVER);

  // Left for the call's list and opened again: a new visit starts where the spec's screen does.
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('dialog', { name: 'Please confirm navigation' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByTestId('saved-call-offer')).toBeVisible(SERVER);
  await page.getByRole('link', { name: 'Resume the call' }).click();
  await expectOpen(page);
  await expect(tab('Customer')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('call-header').getByRole('button', { name: 'Cancel Call' }).click();
  await page
    .getByRole('dialog', { name: 'Please confirm navigation' })
    .getByRole('button', { name: 'Cancel the call' })
    .click();
  await expect(page).toHaveURL(/\/call-center\/inbound$/, SERVER);
});
