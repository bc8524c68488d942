import { expect, test } from './fixtures.js';
import { expectAxeClean } from './axe.js';
import { apiToken, fillSignIn, shot, signIn, signOut, toast, uniqueUsername } from './helpers.js';

/*
 * A password someone else set is changed at the first sign-in (decision 064): the administrator gives a new user a
 * password of its choice (by the live rules) or the default, and the user's first sign-in lands on the change.
 */

test('an administrator adds a user with a password; the user must choose their own at the first sign-in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await page.goto('/addUser');
  await expect(page.getByRole('heading', { level: 1, name: 'Add User' })).toBeVisible();

  const username = uniqueUsername('e2e_pw');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await expect(page.getByText('The name is free.')).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Paula');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Word');
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Corporate' }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Customer Service Representative' }).click();
  await expect(page.getByTestId('app-1')).toBeChecked();

  // The live rules, ticked as the password is typed; a weak one or a mismatch is refused before anything is sent.
  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm password', { exact: true });
  const rules = page.getByTestId('password-rules');
  await password.fill('short');
  await expect(rules.locator('[data-met="true"]')).toHaveCount(1);
  await confirm.fill('short');
  await page.getByTestId('save-user').click();
  await expect(toast(page, 'Please correct invalid entries and try again.')).toBeVisible();
  await expect(page.getByText('Password must be 7 to 30 characters long.')).toBeVisible();
  await password.fill('Given-pass3');
  await expect(rules.locator('[data-met="true"]')).toHaveCount(5);
  await confirm.fill('Given-pass4');
  await page.getByTestId('save-user').click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await confirm.fill('Given-pass3');
  await shot(page, 'password-add-user');
  await expectAxeClean(page, 'the add-user form with a password');
  await page.getByTestId('save-user').click();
  await expect(toast(page, 'User Created with Password: Given-pass3')).toBeVisible();
  await expect(page.getByTestId('created-note')).toContainText('the password you set');

  // The user's first sign-in lands on the change, wherever they were going, with nothing else on offer.
  await signOut(page);
  await page.goto('/call-center/inbound');
  await fillSignIn(page, username, 'Given-pass3');
  await expect(page).toHaveURL(/\/settings\/password\?next=%2Fcall-center%2Finbound$/);
  await expect(page.getByTestId('must-change')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/settings\/password\?next=%2Fdashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await shot(page, 'password-must-change');
  await expectAxeClean(page, 'the password change a new user must make');

  // The same password again is not one of their own.
  await page.getByLabel('Current password', { exact: true }).fill('Given-pass3');
  await page.getByLabel('New password', { exact: true }).fill('Given-pass3');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Given-pass3');
  await page.getByTestId('change-password').click();
  await expect(page.getByText('The new password must differ from the current one.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Paula-own5');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Paula-own5');
  await page.getByTestId('change-password').click();
  await expect(toast(page, 'Your password has been changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('app-inbound')).toBeVisible();

  // From now on the user signs in with their own password, straight to the dashboard.
  await signOut(page);
  await signIn(page, username, 'Paula-own5');
  await expect(page.getByTestId('app-inbound')).toBeVisible();
});

test('an administrator waives the change for a typed password, and clears one pending on an existing user', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');

  // A user given a password the administrator trusts the user with: no change at the first sign-in (decision 078).
  await page.goto('/addUser');
  const required = page.getByRole('checkbox', { name: 'Require a password change at first sign-in' });
  await expect(required).toBeChecked();
  // The default password is public, so with it the change stays required.
  await expect(required).toBeDisabled();
  const waived = uniqueUsername('e2e_waive');
  await page.getByRole('textbox', { name: 'Username' }).fill(waived);
  await expect(page.getByText('The name is free.')).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Wendy');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Waived');
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Corporate' }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Customer Service Representative' }).click();
  await expect(page.getByTestId('app-1')).toBeChecked();
  await page.getByLabel('Password', { exact: true }).fill('Given-pass6');
  await page.getByLabel('Confirm password', { exact: true }).fill('Given-pass6');
  await expect(required).toBeEnabled();
  await required.uncheck();
  await page.getByTestId('save-user').click();
  await expect(toast(page, 'User Created with Password: Given-pass6')).toBeVisible();
  const note = page.getByTestId('created-note');
  await expect(note).toContainText(`${waived} signs in with the password you set.`);
  await expect(note).not.toContainText('chooses their own');
  await expect(page.getByTestId('pending-password-state')).toHaveText(
    `No password change is pending: ${waived} signs in with the current password.`,
  );

  // A user whose change is pending: the edit page says so, and the administrator clears it.
  const token = await apiToken(page.request, 'admin');
  const pending = uniqueUsername('e2e_pend');
  const made = await page.request.post('/api/users/user/', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      Username: pending,
      FirstName: 'Pat',
      LastName: 'Pending',
      CompanyId: 1,
      RoleId: 3,
      Applications: [1],
      password: 'Given-pass7',
      confirmPassword: 'Given-pass7',
    },
  });
  expect(made.status()).toBe(201);
  const { user } = (await made.json()) as { user: { UserId: number } };
  await page.goto(`/editUser/${user.UserId}`);
  await expect(page.getByTestId('pending-password-state')).toHaveText(
    `A password change is pending: ${pending} chooses a new password at the next sign-in.`,
  );
  const next = page.getByRole('checkbox', { name: 'Require a password change at the next sign-in' });
  await expect(next).toBeChecked();
  await shot(page, 'password-pending-on-edit');
  await expectAxeClean(page, 'the edit form with a pending password change');
  await next.uncheck();
  await page.getByTestId('save-user').click();
  await expect(toast(page, 'User information updated.')).toBeVisible();
  await expect(page.getByTestId('pending-password-state')).toHaveText(
    `No password change is pending: ${pending} signs in with the current password.`,
  );

  // Both sign in straight to the dashboard.
  for (const [username, password] of [
    [waived, 'Given-pass6'],
    [pending, 'Given-pass7'],
  ] as const) {
    await signOut(page);
    await signIn(page, username, password);
    await expect(page.getByTestId('app-inbound')).toBeVisible();
  }
});
