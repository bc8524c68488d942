import { expectAxeCleanSoft } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import { shot, signIn } from './helpers.js';
import { makeUser, openUser } from './user-admin-support.js';

const expectAccessible = (page: Page, what: string) => expectAxeCleanSoft(page, what);

const firstUsername = (page: Page) =>
  page.getByTestId('users-grid').locator('[row-index="0"] [col-id="Username"]').first();

test('the user grid searches every column and sorts and pages on the server', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await page.goto('/searchUsers');
  await expect(page.getByTestId('users-summary')).toContainText('users');
  await expectAccessible(page, 'user grid');

  const search = page.getByTestId('users-search');
  // A role's name finds its users, as does a company's.
  await search.fill('measureit measurer');
  await expect(page.getByTestId('users-summary')).toHaveText('1–1 of 1 user');
  await expect(firstUsername(page)).toHaveText('measurer');
  // The demo's independent-franchise users: the demo account and the franchise users the administrators made.
  await search.fill('independent franchise');
  await expect(
    page.getByTestId('users-grid').locator('[col-id="Username"]').getByText('csr.franchise', { exact: true }),
  ).toBeVisible();
  await search.fill('csr.');
  await expect(page.getByTestId('users-summary')).toHaveText('1–4 of 4 users');
  await expect(firstUsername(page)).toHaveText('csr.cof');
  await expect(page).toHaveURL(/q=csr\./);

  await page.getByRole('columnheader', { name: 'Username' }).click();
  await expect(firstUsername(page)).toHaveText('csr.franchise');
  await expect(page).toHaveURL(/dir=desc/);

  // The Edit link opens the user; back returns to the same search.
  await page.getByRole('link', { name: 'Edit csr.franchise' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User csr.franchise' })).toBeVisible();
  await expect(page.getByTestId('branches')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('users-search')).toHaveValue('csr.');
});

test('the add, edit, template, password and delete screens pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const user = await makeUser(page.request, 'e2e_axe', { Applications: [1, 3] });
  await signIn(page, 'admin');
  await page.goto('/addUser');
  await expect(page.getByRole('heading', { level: 1, name: 'Add User' })).toBeVisible();
  await expectAccessible(page, 'add user');
  await page.getByTestId('save-user').click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expectAccessible(page, 'add user with its errors');

  await openUser(page, user);
  await expectAccessible(page, 'edit user');
  await shot(page, 'user-admin-edit');
  await page.getByTestId('load-default-applications').click();
  const preview = page.getByRole('dialog', { name: 'Load default applications' });
  await expect(preview).toBeVisible();
  await expectAccessible(page, 'template preview');
  await preview.getByRole('button', { name: 'Cancel' }).click();

  await page.getByTestId('reset-password').click();
  const dialog = page.getByTestId('password-dialog');
  await dialog.getByLabel('New password').fill('abc');
  await expectAccessible(page, 'password dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('delete-user').click();
  await expect(page.getByRole('dialog', { name: 'Delete user' })).toBeVisible();
  await expectAccessible(page, 'delete confirm');
});

test('a user manager is offered only what it may give, and cannot change an administrator', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'usermanager');
  await page.goto('/addUser');
  await page.getByRole('combobox', { name: 'Company' }).click();
  // Company-owned and external users would reach customers (and prices) it does not (decision 056).
  await expect(page.getByRole('option', { name: 'Company-owned' })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'External' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Corporate' }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByRole('option', { name: 'User Administrator' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Administrator', exact: true })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'Leads Call Centre Manager' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // It holds User Management, not Inbound Calls.
  await expect(page.getByTestId('app-5')).toBeEnabled();
  await expect(page.getByTestId('app-1')).toBeDisabled();
  await shot(page, 'user-admin-manager-add');
  await expectAccessible(page, 'add user as a user manager');

  await page.goto('/UserManagement?q=avery');
  await page.getByRole('link', { name: 'Edit admin' }).click();
  await expect(page.getByText('A user manager cannot change an administrator.')).toBeVisible();
  await expect(page.getByTestId('save-user')).toBeDisabled();
  await expect(page.getByTestId('reset-password')).toHaveCount(0);
  await expect(page.getByTestId('delete-user')).toHaveCount(0);
});
