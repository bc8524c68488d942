import { expect, test } from './fixtures.js';
import { shot, uniqueUsername } from './helpers.js';

test('sign up: client-side checks, then the server’s errors, then a new account', async ({ page }) => {
  const signups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/signup')) signups.push(request.method());
  });

  // Open Sign up from the header (the public home opens the sign-in dialog by itself: close it first).
  await page.goto('/');
  const signInDialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(signInDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(signInDialog).toBeHidden();
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an account' });
  await expect(dialog).toBeVisible();

  const username = dialog.getByRole('textbox', { name: 'Username' });
  const password = dialog.getByRole('textbox', { name: 'Password', exact: true });
  const confirm = dialog.getByRole('textbox', { name: 'Confirm password' });
  const submit = dialog.getByRole('button', { name: 'Create account' });

  // 1. The browser checks first: a short username and a weak password are not sent.
  await username.fill('abc');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Pat');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Newman');
  await password.fill('weak');
  await confirm.fill('weaker');
  await submit.click();
  await expect(dialog.getByText('Username must be 5 to 30 characters long.')).toBeVisible();
  await expect(dialog.getByText('Password must be 7 to 30 characters long.')).toBeVisible();
  await expect(dialog.getByText('Passwords do not match.')).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  // A long enough password that misses a rule names that rule.
  await username.fill('has space');
  await password.fill('alllowercase1!');
  await submit.click();
  await expect(
    dialog.getByText('Username may contain only letters, digits and underscores, with no spaces.'),
  ).toBeVisible();
  await expect(dialog.getByText('Password must contain an upper-case letter.')).toBeVisible();
  await shot(page, 'signup-client-errors');
  expect(signups).toEqual([]);

  // 2. Values that pass every browser rule but not the server: the errors map is listed.
  await username.fill('admin');
  await password.fill('Fresh-pass7');
  await confirm.fill('Fresh-pass7');
  await submit.click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Sign-up failed');
  await expect(alert.getByRole('listitem')).toHaveText(['Username is already taken.']);
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription('Username is already taken.');
  await shot(page, 'signup-server-errors');
  expect(signups).toEqual(['POST']);
  await expect(page).not.toHaveURL(/\/dashboard/);

  // 3. A free username: the account is made and signed in, with no applications yet.
  await username.fill(uniqueUsername('e2e_new'));
  await dialog.getByRole('textbox', { name: 'Email' }).fill('pat.newman@example.com');
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'No applications yet' })).toBeVisible();
  await expect(page.locator('[data-testid^="app-"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Pat Newman');
  await shot(page, 'signup-dashboard');
});
