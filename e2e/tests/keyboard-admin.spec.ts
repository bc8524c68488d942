import { expect, test, type Locator, type Page } from './fixtures.js';
import { DEMO_PASSWORD, forgetSavedCall, SERVER, shot, signIn, toast } from './helpers.js';
import { makeUser, readUser } from './user-admin-support.js';

/*
 * The administration screens from the keyboard alone: Tab reaches every control in reading order, Enter opens a
 * user from the grid, Space ticks an application, Enter on Save saves. No mouse event is sent.
 */

/** Presses Tab until the target has the focus; fails if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40, key = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test('a user found, opened, changed and saved from the keyboard alone', async ({ page, request }) => {
  const user = await makeUser(request, 'e2e_kbd');
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await page.goto('/UserManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search users' });
  await tabTo(page, search);
  await page.keyboard.type(user.Username);
  await expect(page.getByTestId('users-summary')).toContainText('1–1 of 1');

  // The grid's row is one tab stop after the search; Enter opens the user.
  const grid = page.getByTestId('users-grid');
  await expect(grid.locator('[row-index="0"] [col-id="Username"]').first()).toHaveText(user.Username);
  await tabTo(page, grid);
  // AG Grid puts the focus on a cell of the first row.
  await expect(grid.locator('[row-index="0"] [role="gridcell"]:focus')).toHaveCount(1);
  await shot(page, 'keyboard-admin-grid');
  await page.keyboard.press('Enter');
  // The new screen's heading has the focus, so Tab goes on from the top of the form.
  await expect(page.getByRole('heading', { level: 1, name: `Edit User ${user.Username}` })).toBeFocused();

  const first = page.getByRole('textbox', { name: 'First Name' });
  await tabTo(page, first);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Keyla');

  // Call Search (application 3) ticked with Space.
  const app = page.getByTestId('app-3');
  const before = await app.isChecked();
  await tabTo(page, app, 80);
  await page.keyboard.press('Space');
  await expect(app).toBeChecked({ checked: !before });
  await shot(page, 'keyboard-admin-edit');

  await tabTo(page, page.getByTestId('save-user'), 80);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'User information updated.')).toBeVisible();
  const saved = await readUser(request, user.UserId);
  expect(saved.FirstName).toBe('Keyla');
  expect(saved.Applications.some((a) => a.ApplicationId === 3)).toBe(!before);
});

test('the utilities and the call search from the keyboard: a dialog opens and closes, a found call is shown, then worked', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'supervisor');
  await page.goto('/call-center/Utilities');
  const open = page.getByTestId('open-resend-emails');
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Resend Emails' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Cancelled Email Resend...')).toBeVisible();
  await expect(open).toBeFocused();

  await page.goto('/call-center/callSearch?uncompleted=1&types=Cancel');
  const grid = page.getByTestId('call-search-grid');
  await expect(grid.locator('[row-index="0"] [col-id="OutboundId"]').first()).not.toBeEmpty(SERVER);
  await tabTo(page, grid, 60);
  await expect(grid.locator('[row-index="0"] [role="gridcell"]:focus')).toHaveCount(1);
  // Enter shows the call read-only; working it is a second, deliberate step.
  await page.keyboard.press('Enter');
  const view = page.getByRole('dialog', { name: /^Call \d+:/ });
  await expect(view).toBeVisible(SERVER);
  const work = view.getByRole('button', { name: 'Work this call' });
  await tabTo(page, work);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/call-center\/current-call\/\d+\/\d+\/Cancel$/, SERVER);
  await expect(page.getByRole('tab', { name: 'Customer' })).toBeFocused(SERVER);
  await forgetSavedCall(request, 'supervisor', DEMO_PASSWORD);
});
