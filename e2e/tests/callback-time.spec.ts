import { expect, test, type Page } from './fixtures.js';
import { chooseOption, SERVER, shot, signIn, toastComing } from './helpers.js';
import { MONTHS, dayLabel, daysFromToday, expectNoAxeViolations } from './current-call-support.js';

/**
 * A callback typed as people type times, and a call on which nobody was spoken to (call-handling.md §4; decision
 * 066): the time field reads '1030', '10:30', '0930', '930' and '10:30 pm'; a time outside the calling hours is
 * refused with the hours named; a No Answer ends without the end-call email and without asking about the
 * customer's address. csr.franchise works the first Upsell Postcard call of its lists.
 */

const HOURS_MESSAGE = 'Callbacks are made within calling hours, 8:00 AM to 9:00 PM (America/Chicago).';

test.afterEach(async ({ context }) => {
  // Closing the window releases a call still open (pagehide).
  await context.close();
});

async function clickDay(page: Page, date: Date): Promise<void> {
  const level = page.getByRole('button', { name: 'Choose a month' }).last();
  const monthLabel = `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  for (let i = 0; i < 24 && (await level.textContent()) !== monthLabel; i++) {
    await page.getByRole('button', { name: 'Next month' }).last().click();
  }
  await page.getByRole('button', { name: dayLabel(date), exact: true }).click();
}

test('No Answer with a typed callback time: read as typed, calling hours enforced, no email and no email question', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'csr.franchise');
  await page.goto('/call-center/outbound');
  const section = page.getByTestId('outbound-section-Upsell');
  const control = section.getByRole('button', { name: /^Upsell Postcard/ });
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  const open = page
    .getByRole('region', { name: 'Upsell Postcard calls' })
    .getByRole('button', { name: /^Open call for / })
    .first();
  await expect(open).toBeVisible(SERVER);
  await open.click();
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);

  // No Answer schedules a callback: its dialog opens at once.
  const result = page.getByRole('combobox', { name: 'Call result' });
  await chooseOption(page, result, 'No Answer');
  const dialog = page.getByRole('dialog', { name: 'Callback Date and Time' });
  await expect(dialog).toBeVisible();
  const date = daysFromToday(3);
  await dialog.getByTestId('callback-input').click();
  await clickDay(page, date);

  // Typed as people type times, read back in the field's own form when the field is left.
  const time = dialog.getByRole('textbox', { name: 'Callback time' });
  for (const [typed, read] of [
    ['1030', '10:30 AM'],
    ['10:30', '10:30 AM'],
    ['0930', '9:30 AM'],
    ['930', '9:30 AM'],
    ['10:30 pm', '10:30 PM'],
  ] as const) {
    await time.fill(typed);
    await time.blur();
    await expect(time, typed).toHaveValue(read);
  }
  await expect(dialog.getByTestId('callback-hours')).toContainText('Calling hours are 8:00 AM to 9:00 PM.');

  // 10:30 PM and 2 AM are outside the calling hours: refused, the hours named.
  const set = dialog.getByRole('button', { name: 'Set Callback' });
  await set.click();
  await expect(dialog.getByText(HOURS_MESSAGE)).toBeVisible();
  await time.fill('2 am');
  await set.click();
  await expect(time).toHaveValue('2:00 AM');
  await expect(dialog.getByText(HOURS_MESSAGE)).toBeVisible();
  await shot(page, 'callback-time-outside-hours');
  await expectNoAxeViolations(page);
  await time.fill('half past ten');
  await set.click();
  await expect(dialog.getByText('Type a time such as 1030, 10:30 or 2:15 pm.')).toBeVisible();

  await time.fill('1030');
  await set.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('callback-button')).toContainText('10:30 AM');

  // Nobody was spoken to: no question about the customer's email, and the confirmation says none is sent.
  await page.getByTestId('call-header').getByRole('button', { name: 'End Call' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm End Call' });
  await expect(confirm.getByTestId('end-call-summary-result')).toHaveText('No Answer');
  await expect(confirm.getByTestId('end-call-no-email-note')).toHaveText(
    'No confirmation email will be sent: nobody was spoken to on this call.',
  );
  await expect(page.getByRole('dialog', { name: 'No Customer Email' })).toHaveCount(0);
  await shot(page, 'callback-time-no-answer-confirm');
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/call-center/end-call') && r.request().method() === 'POST',
  );
  const ended = toastComing(page, 'Call ended');
  await confirm.getByRole('button', { name: 'End Call' }).click();
  const response = await answered;
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  expect(response.request().postDataJSON()).toMatchObject({ result: 'No Answer', callbackAt: `${iso} 10:30:00` });
  expect(await response.json()).toMatchObject({ callStatus: 'Callback', emailQueued: false });
  await expect(page).toHaveURL(/\/call-center\/outbound\/upsells$/, SERVER);
  await ended;
});
