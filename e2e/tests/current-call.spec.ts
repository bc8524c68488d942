import { expect, test } from './fixtures.js';
import { expectAxeClean } from './axe.js';
import { apiToken, DEMO_PASSWORD, fillSignIn, pageToken, SERVER, shot, signOut, toast } from './helpers.js';
import {
  STORY,
  STORY_CALL,
  ACTIVE_CALL_MESSAGE,
  apiAs,
  signInAs,
  secondUser,
  bodyOf,
  header,
  callScreen,
  expectCallOpen,
  openFromInbound,
  cancelCall,
  expectNoAxeViolations,
  forgetOpenedCalls,
} from './current-call-support.js';

/**
 * The current-call screen: /call-center/current-call/{sqldbid}/{customerNo}/{callType} (call-handling.md
 * §2-5, §8). The story customer Margaret Thornbury (SQLDBID 18001, customer 1001, branch SG101) is
 * served by csr.franchise (independent franchise, branches SG101 and SG102).
 *
 * Leaving a call saves it, and a saved call sends the user from the dashboard back to it; every test
 * here ends its calls (Cancel Call) or forgets them afterwards, so other journeys start on a dashboard.
 */

test.afterEach(async ({ request, context }) => forgetOpenedCalls(request, context));

/** What the abandon confirmation says before leaving the screen (Cancel Call's is the spec's). */
const CONFIRM_LEAVE =
  'This call has not been ended. If you leave, it stays saved with your work, and you can resume it from the Dashboard.';

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
  // Two users, each with a browser and a call screen.
  test.setTimeout(240_000);
  await signInAs(page, 'csr.franchise');
  await page.goto(STORY_CALL);
  await expectCallOpen(page);

  const other = await secondUser(browser, 'admin');
  await other.goto(STORY_CALL);
  const dialog = other.getByRole('dialog', { name: 'Active Call Encountered' });
  await expect(dialog).toContainText(ACTIVE_CALL_MESSAGE, SERVER);
  // Who has the call: the CSR holding its lock.
  await expect(dialog.getByTestId('active-call-holder')).toHaveText('Riley Franks has this call open.', SERVER);
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

test('leaving asks first and leaves: the call stays saved for the dashboard to resume; a reload returns to it', async ({
  page,
  request,
}) => {
  // Leaving twice, resuming, a reload and a closed window: longer than one visit to the call.
  test.setTimeout(240_000);
  await signInAs(page, 'csr.franchise');
  await openFromInbound(page, 'Thornbury');
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`));
  await expectCallOpen(page);

  const dashboardLink = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
  await dashboardLink.click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm navigation' });
  // The dialog says what leaving does: the call and its work are kept (the spec's words are Cancel Call's).
  await expect(confirm).toContainText(CONFIRM_LEAVE);
  await expect(confirm).not.toContainText('All changes will be lost');
  await shot(page, 'current-call-confirm-navigation');
  await expect(confirm.getByRole('button', { name: 'Stay', exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`));

  // Back in the browser asks too.
  await page.goBack();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`));

  // Leave: released and saved; the dashboard stays and offers the call, it does not send the user back.
  await page.getByRole('combobox', { name: 'Follow up' }).click();
  await page.getByRole('option', { name: 'More Questions' }).click();
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
  const offer = page.getByTestId('saved-call-offer');
  await expect(offer).toContainText('Your call is saved', SERVER);
  await expect(offer).toContainText(`${STORY.name}, customer ${STORY.customerNo}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Riley' })).toBeVisible();
  await shot(page, 'dashboard-saved-call-offer');
  await expectAxeClean(page, 'the saved call offer', { include: '[data-testid="saved-call-offer"]' });

  // Resumed by choice: the call and its work, without the notice of a return after a sign-in.
  await offer.getByRole('link', { name: 'Resume the call' }).click();
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`), SERVER);
  await expectCallOpen(page);
  await expect(page.getByTestId('customer-name')).toHaveText(STORY.name);
  await expect(page.getByRole('combobox', { name: 'Follow up' })).toHaveValue('More Questions');
  await expect(page.getByTestId('resumed-call-notice')).toHaveCount(0);
  expect(
    await page.evaluate(() => (history.state as { usr: { theCall: { AccountNo: number } } }).usr.theCall),
  ).toMatchObject({
    AccountNo: STORY.customerNo,
  });

  // Left again, then the dashboard reloaded: that is a return, and the call screen says so.
  await dashboardLink.click();
  await confirm.getByRole('button', { name: 'Leave' }).click();
  await expect(offer).toBeVisible(SERVER);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`), SERVER);
  await expectCallOpen(page);
  await expect(page.getByTestId('resumed-call-notice')).toContainText('Back to the call you left');

  // Closing the window saves it too: pagehide sends call-inactive {save: true} as a keepalive request, the
  // server keeps the call as the saved call (nothing else saves a call whose session lives on), and the next
  // window of this user comes back to it.
  const context = page.context();
  await page.close({ runBeforeUnload: true });
  // The keepalive request outlives the page, so it is seen where it lands: the saved call, and the lock gone.
  const token = await apiToken(request, 'csr.franchise');
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

test('an unknown customer’s call (-1): the customer comes from the call row, leaving saves it, cancel records -1', async ({
  page,
  request,
}) => {
  await signInAs(page, 'csr.franchise');
  const token = await apiToken(request, 'csr.franchise');
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

  // Leaving asks, then saves the call with its row, and the dashboard offers it.
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  const released = bodyOf(page, '/api/call-center/call-inactive');
  await page.getByRole('dialog', { name: 'Please confirm navigation' }).getByRole('button', { name: 'Leave' }).click();
  expect(await released).toMatchObject({ sqldbid: STORY.sqldbid, customerNo: -1, save: true, theCall });
  await expect(page.getByTestId('saved-call-offer')).toContainText('Unknown Caller', SERVER);
  await page.getByRole('link', { name: 'Resume the call' }).click();
  await expect(page).toHaveURL(new RegExp(`${unknownCall}$`), SERVER);
  await expectCallOpen(page);
  await expect(page.getByTestId('customer-name')).toHaveText('Unknown Caller');

  const cancelled = await cancelCall(page, /\/call-center\/inbound$/);
  expect(cancelled).toMatchObject({ sqldbid: STORY.sqldbid, cust_no: -1, callType: 'Inbound' });
  await expect
    .poll(async () => (await apiAs<{ saved: unknown }>(request, token, 'GET', '/api/call-center/saved-call')).saved)
    .toBeNull();
});
