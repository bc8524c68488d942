/**
 * The browser's session (decision 022): no token in localStorage or sessionStorage, a
 * reload and a new tab signed in through the HttpOnly refresh cookie, sign-out ending it everywhere; and the
 * app renders under the strict content security policy without a single violation.
 */
import { expect, test, type Page } from './fixtures.js';
import { signIn, signOut } from './helpers.js';

const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });

/** Every CSP violation and console error of a page, and any script error. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
      problems.push(`CSP: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Reported by the browser whatever the console says; set up before any of the page's own script runs.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Refused to load (CSP ${event.violatedDirective}): ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return problems;
}

/** Everything the page keeps in web storage, as one text. */
const storedText = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify([
      Object.entries(localStorage).map(([k, v]) => `${k}=${v}`),
      Object.entries(sessionStorage).map(([k, v]) => `${k}=${v}`),
    ]),
  );

test('signed in across a reload and a new tab with no token in web storage; sign-out ends it everywhere', async ({
  page,
  context,
}) => {
  const problems = watch(page);
  const bearer = page.waitForRequest((r) => r.url().includes('/api/') && r.headers()['authorization'] !== undefined);
  await signIn(page, 'csr.cof');
  const token = ((await bearer).headers()['authorization'] ?? '').replace(/^Bearer /, '');
  expect(token.length).toBeGreaterThan(20);

  // The page's HTML loads no inline script, and the answer carries the policy.
  const home = await page.request.get('/dashboard');
  expect(home.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(home.headers()['permissions-policy']).toContain('camera=()');
  expect(await page.locator('script:not([src])').count()).toBe(0);

  // The refresh credential is a cookie scripts cannot read, sent only to the refresh call.
  const cookies = await context.cookies();
  const refresh = cookies.find((c) => c.name === 'cc_refresh');
  expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/refresh' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('cc_refresh');
  expect(await storedText(page)).not.toContain(token);
  expect(await storedText(page)).not.toMatch(/token/i);

  // A reload: still signed in, on the same page.
  await page.reload();
  await expect(accountMenu(page)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('app-inbound')).toBeVisible();
  expect(await storedText(page)).not.toMatch(/token/i);

  // A new tab: signed in too.
  const second = await context.newPage();
  const secondProblems = watch(second);
  await second.goto('/dashboard');
  await expect(accountMenu(second)).toBeVisible();
  await expect(second.getByTestId('app-inbound')).toBeVisible();

  // Both tabs reload at once: they take turns with the single-use credential, and both stay signed in.
  await Promise.all([page.reload(), second.reload()]);
  await expect(accountMenu(page)).toBeVisible();
  await expect(accountMenu(second)).toBeVisible();
  await expect(page.getByTestId('app-inbound')).toBeVisible();
  await expect(second.getByTestId('app-inbound')).toBeVisible();

  // Sign-out in one tab signs the other out as well, and a reload of either lands on the sign-in.
  await signOut(page);
  await expect(accountMenu(second)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
  await second.goto('/dashboard');
  await expect(second.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  // The old token is dead as well.
  const after = await page.request.get('/api/auth/session', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);

  expect(problems).toEqual([]);
  expect(secondProblems).toEqual([]);
});

test('a signed-out load asks for no refresh and logs no console error', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/refresh')) refreshes.push(request.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  expect(refreshes).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the API documentation renders under the content security policy', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Call Centre API').first()).toBeVisible();
  expect(problems).toEqual([]);
});
