import { expect, test } from './fixtures.js';
import { fillSignIn, shot, signIn, signOut, toast, uniqueUsername } from './helpers.js';
import { apiToken, makeUser, openUser, readUser } from './user-admin-support.js';
import { expectAxeClean, TOASTS } from './axe.js';

/*
 * User administration (administration.md §2, §4-§8). Each journey makes its own users with
 * unique names, so journeys share nothing and the demo accounts stay as seeded.
 */

test('an administrator creates a user with the default password, who then signs in and chooses their own', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await page.goto('/UserManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByTestId('users-summary')).toContainText('of');
  await shot(page, 'user-admin-grid');
  await page.getByTestId('add-user').click();
  await expect(page).toHaveURL(/\/addUser$/);

  const username = uniqueUsername('e2e_new');
  const name = page.getByRole('textbox', { name: 'Username' });
  // Taken names are found as they are typed.
  await name.fill('usermanager');
  await expect(page.getByText('Username is already taken.')).toBeVisible();
  await name.fill(username);
  await expect(page.getByText('The name is free.')).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Nova');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Newman');
  await page.getByRole('textbox', { name: 'Phone' }).fill('(402) 555-0142 x12');
  // The phone system may name the user by an extension (decision 081); unique, so this run's own.
  const extension = String(Date.now()).slice(-6);
  await page.getByRole('textbox', { name: 'Extension' }).fill(extension);
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Corporate' }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Customer Service Representative' }).click();
  // A new user starts with the company and role's default applications.
  await expect(page.getByTestId('app-1')).toBeChecked();
  await expect(page.getByTestId('app-3')).toBeChecked();

  // Changed by hand, the defaults come back through the template's preview, shown before they are applied.
  await page.getByTestId('app-3').uncheck();
  await page.getByTestId('load-default-applications').click();
  const preview = page.getByTestId('template-preview');
  await expect(preview.getByTestId('template-add')).toContainText('Call Search');
  await expect(preview.getByTestId('template-add')).not.toContainText('Inbound Calls');
  await shot(page, 'user-admin-add-preview');
  await preview.getByTestId('template-apply').click();
  await expect(page.getByTestId('app-1')).toBeChecked();
  await expect(page.getByTestId('app-3')).toBeChecked();
  await shot(page, 'user-admin-add');
  await expectAxeClean(page, 'the add form with an extension', { exclude: TOASTS });

  await page.getByTestId('save-user').click();
  await expect(toast(page, 'User Created with Password: Welcome-2025')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Edit User ${username}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Extension' })).toHaveValue(extension);
  await expect(page.getByTestId('created-note')).toContainText('Welcome-2025');

  await signOut(page);
  await fillSignIn(page, username, 'Welcome-2025');
  // The default password is the administrator's: the user is made to choose their own first (decision 064).
  await expect(page).toHaveURL(/\/settings\/password\?next=%2Fdashboard$/);
  await page.getByLabel('Current password', { exact: true }).fill('Welcome-2025');
  await page.getByLabel('New password', { exact: true }).fill('Nova-own7');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Nova-own7');
  await page.getByTestId('change-password').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('app-inbound')).toBeVisible();
  await expect(page.getByTestId('app-callSearch')).toBeVisible();
  await expect(page.getByTestId('app-outbound')).toHaveCount(0);
});

test("a user's applications drive its dashboard at its next request", async ({ page, browser }) => {
  const user = await makeUser(page.request, 'e2e_apps', { Applications: [1] });
  const theirs = await browser.newPage();
  await signIn(theirs, user.Username, user.password);
  await expect(theirs.getByTestId('app-inbound')).toBeVisible();
  await expect(theirs.getByTestId('app-callSearch')).toHaveCount(0);

  await signIn(page, 'admin');
  await openUser(page, user);
  await page.getByTestId('app-3').check();
  await page.getByTestId('app-1').uncheck();
  await page.getByTestId('save-user').click();
  await expect(toast(page, 'User information updated.')).toBeVisible();

  await theirs.reload();
  await expect(theirs.getByTestId('app-callSearch')).toBeVisible();
  await expect(theirs.getByTestId('app-inbound')).toHaveCount(0);
  await theirs.close();
});

test("'apply default permissions' shows what changes, and the saved user has it", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // A company-owned representative: its template gives CallCenter.EditPricing.
  const user = await makeUser(page.request, 'e2e_tpl', {
    CompanyId: 2,
    RoleId: 3,
    Applications: [1],
    permissions: [{ ApplicationId: 1, PermissionId: 1, value: 'false' }],
  });
  await signIn(page, 'admin');
  await openUser(page, user);
  const pricing = page.getByTestId('perm-1');
  await expect(pricing.getByRole('radio', { name: 'false' })).toBeChecked();

  await page.getByTestId('apply-default-permissions').click();
  const preview = page.getByTestId('template-preview');
  // Permissions go by their description (CallCenter.EditPricing's).
  const row = preview.getByRole('row', { name: /Edit prices, rounds and discounts on a call/ });
  await expect(row).toContainText('Inbound Calls');
  await expect(row.getByRole('cell').nth(2)).toHaveText('false');
  await expect(row.getByRole('cell').nth(3)).toHaveText('true');
  await shot(page, 'user-admin-template-preview');
  // Cancel changes nothing; Apply changes the form, and Save the user.
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(pricing.getByRole('radio', { name: 'false' })).toBeChecked();
  await page.getByTestId('apply-default-permissions').click();
  await preview.getByTestId('template-apply').click();
  await expect(pricing.getByRole('radio', { name: 'true' })).toBeChecked();
  await page.getByTestId('save-user').click();
  await expect(toast(page, 'User information updated.')).toBeVisible();
  const saved = await readUser(page.request, user.UserId);
  expect(saved.permissions).toContainEqual(expect.objectContaining({ PermissionId: 1, value: 'true' }));
});

test('an administrator resets a password, with the rules shown as it is typed', async ({ page }) => {
  const user = await makeUser(page.request, 'e2e_pwd');
  await signIn(page, 'admin');
  await openUser(page, user);
  await page.getByTestId('reset-password').click();
  const dialog = page.getByRole('dialog', { name: `Reset the password of ${user.Username}` });
  const rules = dialog.getByTestId('password-rules');
  await dialog.getByLabel('New password').fill('abc');
  await expect(rules.locator('[data-met="true"]')).toHaveCount(1);
  await dialog.getByLabel('New password').fill('Fresh-pass7');
  await expect(rules.locator('[data-met="true"]')).toHaveCount(5);
  await dialog.getByLabel('Confirm password').fill('Fresh-pass8');
  await shot(page, 'user-admin-password');
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await expect(toast(page, 'Please correct invalid entries and try again.')).toBeVisible();
  await expect(dialog.getByText('Passwords do not match.')).toBeVisible();
  await dialog.getByLabel('Confirm password').fill('Fresh-pass7');
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await expect(toast(page, `Updated Password for: ${user.Username}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await apiToken(page.request, user.Username, 'Fresh-pass7');
});

test('a deleted user is gone, and its open session is refused', async ({ page }) => {
  const user = await makeUser(page.request, 'e2e_del');
  const theirToken = await apiToken(page.request, user.Username, user.password);
  const dashboard = () => page.request.get('/api/dashboard', { headers: { authorization: `Bearer ${theirToken}` } });
  expect((await dashboard()).status()).toBe(200);

  await signIn(page, 'admin');
  await openUser(page, user);
  await page.getByTestId('delete-user').click();
  const dialog = page.getByRole('dialog', { name: 'Delete user' });
  await expect(dialog).toContainText(user.Username);
  await shot(page, 'user-admin-delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `User ${user.Username} was successfully deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/UserManagement$/);
  expect((await dashboard()).status()).toBe(401);

  await page.getByTestId('users-search').fill(user.Username);
  await expect(page.getByTestId('users-summary')).toHaveText('No users');
});

test('every cancel says so, and an invalid form says what to correct', async ({ page }) => {
  const user = await makeUser(page.request, 'e2e_cxl');
  await signIn(page, 'admin');
  await openUser(page, user);

  await page.getByTestId('delete-user').click();
  await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Keep the user' }).click();
  await expect(toast(page, `Action cancelled! User ${user.Username} was NOT deleted...`)).toBeVisible();

  await page.getByTestId('reset-password').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Password Update Cancelled...')).toBeVisible();

  await page.getByRole('textbox', { name: 'First Name' }).fill('');
  await page.getByRole('textbox', { name: 'Phone' }).fill('555-12');
  await page.getByTestId('save-user').click();
  await expect(toast(page, 'Please correct invalid entries and try again.')).toBeVisible();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('aria-invalid', 'true');

  await page.getByTestId('cancel-save').click();
  await expect(toast(page, 'Save Cancelled...')).toBeVisible();
  await expect(page).toHaveURL(/\/UserManagement$/);
  expect((await readUser(page.request, user.UserId)).FirstName).toBe('Tess');
});

test('changes not saved are asked about before the page is left; a save or Cancel leaves without asking', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const user = await makeUser(page.request, 'e2e_unsv');
  await signIn(page, 'admin');
  await openUser(page, user);
  const firstName = page.getByRole('textbox', { name: 'First Name' });
  const dashboardLink = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });

  // Nothing changed: the page is left at once.
  await dashboardLink.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openUser(page, user);

  await firstName.fill('Tessa');
  await dashboardLink.click();
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(`Your changes to ${user.Username} are not saved.`);
  await expectAxeClean(page, 'leave without saving', { exclude: TOASTS });
  await shot(page, 'user-admin-unsaved');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/editUser/${user.UserId}$`));
  await expect(firstName).toHaveValue('Tessa');

  // Saved: nothing left to ask about.
  await page.getByTestId('save-user').click();
  await expect(toast(page, 'User information updated.')).toBeVisible();
  await dashboardLink.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await readUser(page.request, user.UserId)).FirstName).toBe('Tessa');

  // Left on purpose after the question: the change is dropped.
  await openUser(page, user);
  await firstName.fill('Theresa');
  await dashboardLink.click();
  await ask.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await readUser(page.request, user.UserId)).FirstName).toBe('Tessa');

  // A new user's form asks too, and Cancel (its own toast) does not.
  await page.goto('/addUser');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Newly');
  await dashboardLink.click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toContainText(
    'The new user is not created yet.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Stay' }).click();
  await page.getByTestId('cancel-save').click();
  await expect(page).toHaveURL(/\/UserManagement$/);
});
