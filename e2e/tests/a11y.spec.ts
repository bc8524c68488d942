import { expectAxeCleanSoft } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import { DEMO_PASSWORD, fillSignIn, signIn, signOut, toast } from './helpers.js';

/** The whole page, the app shell and its toasts included. */
const expectAccessible = (page: Page, what: string) => expectAxeCleanSoft(page, what);

test('signed out: the public home with the sign-in dialog, and the sign-up dialog', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'public home with the sign-in dialog');

  await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Create an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an account' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'sign-up dialog');

  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog.getByText('Username must be 5 to 30 characters long.')).toBeVisible();
  await expectAccessible(page, 'sign-up dialog with its error messages');
});

test('the dashboard and the profile page (corporate theme)', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('app-floor')).toBeVisible();
  await expectAccessible(page, 'dashboard');

  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
  await expectAccessible(page, 'profile page');
});

test('the Access Denied state and the brand themes', async ({ page }) => {
  // The pest (orange) and lawn (green) themes change the colours of every link and button.
  await signIn(page, 'csr.external');
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('data-logo', 'pest');
  await expect(page.getByTestId('app-inbound')).toBeVisible();
  await expectAccessible(page, 'dashboard, pest theme');

  await page.goto('/UserManagement');
  await expect(toast(page, 'Access Denied.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page, 'Access Denied');

  await signOut(page);
  await fillSignIn(page, 'csr.franchise', DEMO_PASSWORD);
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('data-logo', 'lawn');
  await expect(page.getByTestId('app-searchMeasureIt')).toBeVisible();
  await expectAccessible(page, 'dashboard, lawn theme');
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
  await expectAccessible(page, 'profile page, lawn theme');
});
