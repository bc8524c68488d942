import { expect, test } from './fixtures.js';
import { apiToken, SERVER, shot, toast } from './helpers.js';
import {
  STORY,
  STORY_CALL,
  DNC_MESSAGE,
  MONTHS,
  day,
  shown,
  dayLabel,
  daysFromToday,
  threeYearsAgo,
  apiAs,
  signInAs,
  bodyOf,
  header,
  callScreen,
  expectCallOpen,
  cancelCall,
  expectNoAxeViolations,
  forgetOpenedCalls,
} from './current-call-support.js';

/**
 * The current-call screen, its customer (the Attention dialog, editing, history, the lookup, dates, axe): /call-center/current-call/{sqldbid}/{customerNo}/{callType} (call-handling.md
 * §2-5, §8). The story customer Margaret Thornbury (SQLDBID 18001, customer 1001, branch SG101) is
 * served by csr.franchise (independent franchise, branches SG101 and SG102).
 *
 * Leaving a call saves it, and a saved call sends the user from the dashboard back to it; every test
 * here ends its calls (Cancel Call) or forgets them afterwards, so other journeys start on a dashboard.
 */

test.afterEach(async ({ request, context }) => forgetOpenedCalls(request, context));

test('a customer on the federal do-not-call list: the Attention dialog', async ({ page, request }) => {
  await signInAs(page, 'csr.franchise');
  const token = await apiToken(request, 'csr.franchise');
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
  // The history and the touchpoints load with the call (its latest calls show on the Customer tab), before the History
  // tab is first opened, so that the tab finds them.
  const history = page.waitForRequest((r) =>
    r.url().endsWith(`/api/customer/18001/1001/${day(start)}/${day(tomorrow)}`),
  );
  const touchpoints = page.waitForRequest((r) =>
    r.url().endsWith(`/api/customer/touchpoints/18001/1001/${day(start)}/${day(tomorrow)}`),
  );
  await page.goto(STORY_CALL);
  await history;
  await touchpoints;
  await expectCallOpen(page);
  await page.getByRole('tab', { name: 'History' }).click();
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
  // The day after tomorrow is never to be chosen: shown and disabled, or in a month the picker cannot reach.
  const dayAfter = page.getByRole('button', { name: dayLabel(after), exact: true });
  if (after.getMonth() === tomorrow.getMonth()) await expect(dayAfter).toBeDisabled();
  else await expect(dayAfter.and(page.locator(':enabled'))).toHaveCount(0);
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
  for (let day = 1; day < d; day++) {
    await expect(page.getByRole('button', { name: label(day), exact: true })).toBeDisabled();
  }
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
