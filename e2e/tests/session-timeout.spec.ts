/**
 * Runs in the 'idle' project: its server tells the browser to warn after 4 s idle and to end the
 * session 5 s later (CLIENT_IDLE_SECONDS=4, CLIENT_WARNING_SECONDS=5).
 */
import { expect, test, type Page } from './fixtures.js';
import { pageToken, shot, signIn } from './helpers.js';

/** Signed in: the header's account menu is there (the session lives in the page's memory, decision 022). */
const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });

test('idle: the warning counts down, activity closes it, staying idle ends the session', async ({ page }) => {
  test.setTimeout(45_000);
  await signIn(page, 'csr.cof');

  const warning = page.getByRole('dialog', { name: 'Session Timeout Warning' });
  await expect(warning).toBeVisible({ timeout: 8_000 });
  await expect(warning).toContainText('You have been idle.');
  const seconds = warning.getByTestId('session-timeout-seconds');
  const first = Number(await seconds.textContent());
  expect(first).toBeGreaterThanOrEqual(1);
  expect(first).toBeLessThanOrEqual(5);
  await expect.poll(async () => Number(await seconds.textContent()), { timeout: 3_000 }).toBeLessThan(first);
  await shot(page, 'idle-warning');

  // Moving the mouse is activity: the warning closes and the session goes on.
  await page.mouse.move(200, 200);
  await page.mouse.move(400, 300);
  await expect(warning).toBeHidden();
  await expect(accountMenu(page)).toBeVisible();

  // Idle again: the warning comes back, and at its end the session is over.
  await expect(warning).toBeVisible({ timeout: 8_000 });
  const expired = page.getByRole('dialog', { name: 'Session Expired' });
  await expect(expired).toBeVisible({ timeout: 9_000 });
  await expect(expired).toContainText('Please Login again...');
  await expect(warning).toBeHidden();
  await expect(accountMenu(page)).toHaveCount(0);
  await shot(page, 'idle-expired');

  // OK reloads the page: the public home, signed out, with the sign-in dialog.
  await expired.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await expect(expired).toBeHidden();
  await expect(page).not.toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Call Centre' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});

test("Escape answers 'Session Expired' as OK does: the page reloads, signed out", async ({ page }) => {
  test.setTimeout(45_000);
  await signIn(page, 'csr.cof');
  const expired = page.getByRole('dialog', { name: 'Session Expired' });
  await expect(expired).toBeVisible({ timeout: 15_000 });
  await expect(expired.getByRole('button', { name: 'OK' })).toBeFocused();
  const reloaded = page.waitForEvent('load');
  await page.keyboard.press('Escape');
  await reloaded;
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await expect(expired).toHaveCount(0);
  await expect(accountMenu(page)).toHaveCount(0);
});

test('a 401 from the API clears the session and goes to the public home', async ({ page }) => {
  await signIn(page, 'csr.corporate');
  // Let the dashboard finish its own calls first, so that the 401 comes from the save below.
  await expect(page.getByTestId('app-inbound')).toBeVisible();
  // To the profile inside the app: a full page load would ask the server for the session afresh.
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
  const token = await pageToken(page);

  // End the session on the server behind the browser's back.
  const signout = await page.request.post('/api/auth/signout', { headers: { Authorization: `Bearer ${token}` } });
  expect(signout.ok()).toBe(true);

  // The save's 401 is tried once more after a refresh, which the ended session refuses: signed out.
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/(\?.*)?$/);
  await expect(accountMenu(page)).toHaveCount(0);
  // A reload does not bring it back: the sign-out ended the refresh credential too.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
});
