import { expect, test, type Page } from './fixtures.js';
import { expectAxeClean, TOASTS } from './axe.js';
import { DEMO_PASSWORD, fillSignIn, shot, signIn, signOut, toast } from './helpers.js';

const UTILITIES = '/call-center/Utilities';
const USER_MANAGEMENT = '/UserManagement';

/** The screens opened here, by their heading. */
const HEADINGS: Record<string, string> = {
  [USER_MANAGEMENT]: 'User Management',
  [UTILITIES]: 'Call Centre Utilities',
  '/searchMeasureIt': 'MeasureIt Search',
  '/measureItUtilities': 'MeasureIt Utilities',
};

/** The screen opened. */
async function expectOpened(page: Page, path: string) {
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  const heading = HEADINGS[path];
  expect(heading, `the heading of ${path}`).toBeDefined();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(toast(page, 'Access Denied.')).toHaveCount(0);
}

async function expectDenied(page: Page) {
  await expect(toast(page, 'Access Denied.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a CSR is refused utilities and user management, for about 3 seconds, on the dashboard', async ({ page }) => {
  // Time the toast in the browser, where the test runner's own polling adds no delay.
  await page.addInitScript(() => {
    const times: { shown?: number; gone?: number } = {};
    Object.assign(window, { toastTimes: times });
    new MutationObserver(() => {
      const present = Array.from(document.querySelectorAll('[role=alert]')).some((e) =>
        e.textContent?.includes('Access Denied.'),
      );
      if (present) times.shown ??= performance.now();
      else if (times.shown !== undefined) times.gone ??= performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await signIn(page, 'csr.cof');

  await page.goto(UTILITIES);
  await expectDenied(page);
  await expect(page.getByRole('heading', { name: 'Welcome, Jordan' })).toBeVisible();
  await shot(page, 'access-denied');

  await page.goto(USER_MANAGEMENT);
  const denied = toast(page, 'Access Denied.');
  await expectDenied(page);
  await expect(denied).toBeHidden({ timeout: 6_000 });
  const { shown, gone } = await page.evaluate(
    () => (window as unknown as { toastTimes: { shown: number; gone: number } }).toastTimes,
  );
  // 3000 ms on screen plus the enter and exit transitions.
  expect(gone - shown).toBeGreaterThan(2_800);
  expect(gone - shown).toBeLessThan(4_500);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('supervisor, user manager and administrator open the screens their roles allow', async ({ page }) => {
  test.setTimeout(180_000);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });

  await test.step('supervisor: utilities, not user management', async () => {
    await signIn(page, 'supervisor');
    await page.goto(UTILITIES);
    await expectOpened(page, UTILITIES);
    await expect(page.getByTestId('open-import-csv')).toBeVisible();
    await shot(page, 'access-utilities');
    await page.goto(USER_MANAGEMENT);
    await expectDenied(page);
    await signOut(page);
  });

  await test.step('user manager: user management from its dashboard card, and utilities', async () => {
    await fillSignIn(page, 'usermanager', DEMO_PASSWORD);
    await page.getByTestId('app-manageUsers').click();
    await expectOpened(page, USER_MANAGEMENT);
    await page.goto(UTILITIES);
    await expectOpened(page, UTILITIES);
    // Its Utilities.ImportCalls is not granted: the other utilities, not Import CSV.
    await expect(page.getByTestId('open-assign')).toBeVisible();
    await expect(page.getByTestId('open-import-csv')).toHaveCount(0);
    await shot(page, 'access-utilities-usermanager');
    await signOut(page);
  });

  await test.step('administrator: both', async () => {
    await expect(dialog).toBeVisible();
    await fillSignIn(page, 'admin', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(UTILITIES);
    await expectOpened(page, UTILITIES);
    await page.goto(USER_MANAGEMENT);
    await expectOpened(page, USER_MANAGEMENT);
  });
});

test('the screens of calls follow the applications: a measurer and a user manager take no calls', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'measurer');
  // The header offers no quotes to a user who may not see call data.
  await expect(page.getByRole('link', { name: 'All Quotes' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  for (const path of ['/call-center/inbound', '/quotes']) {
    await page.goto(path);
    await expectDenied(page);
    await expect(toast(page, 'Access Denied.')).toBeHidden({ timeout: 6_000 });
  }
  await page.goto('/searchMeasureIt');
  await expectOpened(page, '/searchMeasureIt');
  await signOut(page);

  await fillSignIn(page, 'usermanager', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/call-center/inbound');
  await expectDenied(page);
  await shot(page, 'access-denied-inbound');
});

test('a call on a customer outside the user’s branches: one refusal in place of the call screen, and the way back', async ({
  page,
}) => {
  // Riley Franks works SG101 and SG102 of franchise 18001: Irene Vasquez-Lund is SG103 of the same franchise,
  // Harriet Lindgren is another franchise's, and an unknown caller (-1) of that franchise is no call of theirs either.
  await signIn(page, 'csr.franchise');
  for (const [sqldbid, customerNo, says] of [
    [18001, 1003, 'Customer 1003 of franchise 18001 is not found among the customers of the branches you work with.'],
    [17501, 1005, 'Customer 1005 of franchise 17501 is not found among the customers of the branches you work with.'],
    [17501, -1, 'Franchise 17501 is not found among the franchises you work with.'],
  ] as const) {
    await page.goto(`/call-center/current-call/${sqldbid}/${customerNo}/Inbound`);
    const refusal = page.getByTestId('call-out-of-reach');
    await expect(refusal.getByRole('heading', { level: 1, name: 'This call cannot be opened' })).toBeVisible();
    await expect(refusal).toContainText(says);
    // Said once: none of the call screen's panels, no second alert of its own.
    await expect(page.getByTestId('current-call')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(1);
  }
  await expectAxeClean(page, 'a call refused', { exclude: TOASTS });
  await shot(page, 'access-call-out-of-reach');
  await page.getByRole('button', { name: 'Back to the search' }).click();
  await expect(page).toHaveURL(/\/call-center\/inbound$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
