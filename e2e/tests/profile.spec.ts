import { expect, test, type Page } from './fixtures.js';
import { createAccount, DEMO_PASSWORD, fillSignIn, shot, signIn, signOut, toast } from './helpers.js';

/*
 * Each journey uses an account of its own, made through the sign-up API, so that changing its name or
 * password cannot affect another spec (the demo accounts stay as seeded).
 */

async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();
}

test('the name is saved and shown in the header; a password change can be cancelled', async ({ page, request }) => {
  const username = await createAccount(request, 'e2e_name', { firstName: 'Erin', lastName: 'Tester' });
  await signIn(page, username);
  await openProfile(page);
  await shot(page, 'profile');

  const firstName = page.getByRole('textbox', { name: 'First name' });
  await expect(firstName).toHaveValue('Erin');
  await firstName.fill('Robin');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'User Profile Updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Robin Tester');

  // Saved on the server: still there after a reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Robin Tester');

  // A new password, then 'Cancel password change': cleared, and a toast says so.
  const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Confirm new password' });
  const cancel = page.getByRole('button', { name: 'Cancel password change' });
  await expect(cancel).toBeDisabled();
  await newPassword.fill('Another-pass3');
  await confirm.fill('Another-pass3');
  await cancel.click();
  await expect(toast(page, 'Password Update Cancelled...')).toBeVisible();
  await expect(newPassword).toHaveValue('');
  await expect(confirm).toHaveValue('');
  await expect(cancel).toBeDisabled();

  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible();
});

test('a new password replaces the old one, and only with the right current password', async ({ page, request }) => {
  test.setTimeout(180_000);
  const username = await createAccount(request, 'e2e_pass');
  const changed = 'Changed-pass2';
  await signIn(page, username);
  await openProfile(page);
  const current = page.getByRole('textbox', { name: 'Current password' });
  const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Confirm new password' });
  const save = page.getByRole('button', { name: 'Save' });

  // The new password must pass the rules before anything is sent.
  await current.fill(DEMO_PASSWORD);
  await newPassword.fill('short');
  await save.click();
  await expect(page.getByText('Password must be 7 to 30 characters long.')).toBeVisible();
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');

  // A wrong current password is refused by the server, on the field.
  await current.fill('Not-the-pass1');
  await newPassword.fill(changed);
  await confirm.fill(changed);
  await save.click();
  await expect(toast(page, 'The current password is not correct.')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('The current password is not correct.');
  await shot(page, 'profile-wrong-current');

  // The right one: saved, and the fields are emptied.
  await current.fill(DEMO_PASSWORD);
  await save.click();
  await expect(toast(page, 'User Profile Updated')).toBeVisible();
  await expect(newPassword).toHaveValue('');
  await expect(current).toHaveValue('');

  // Signed out, the old password fails and the new one works.
  await signOut(page);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await fillSignIn(page, username, DEMO_PASSWORD);
  await expect(dialog.getByRole('alert')).toContainText('Invalid username or password.');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(changed);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Erin' })).toBeVisible();
});
