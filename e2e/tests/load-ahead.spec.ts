import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DEMO_PASSWORD, fillSignIn, forgetSavedCall } from './helpers.js';

// The screens' modules a page asked for, by the name their chunk carries (`assets/<Name>-<hash>.js`).
function chunksAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const chunk = /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(request.url());
    if (chunk?.[1]) asked.push(chunk[1]);
  });
  return asked;
}

test("the next screens' code comes ahead: the dashboard's at the sign-in, the user's screens and the grid at the dashboard, the call's at the search", async ({
  page,
}) => {
  await forgetSavedCall(page.request, 'csr.corporate', DEMO_PASSWORD);
  const asked = chunksAsked(page);
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  // Before anyone signs in; the grid is not shown on the dashboard the sign-in leads to.
  await expect.poll(() => asked).toContain('DashboardPage');
  expect(asked).not.toContain('AgGrid');

  await fillSignIn(page, 'csr.corporate', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The CSR's applications: the inbound and outbound searches; not a screen the CSR may not enter.
  await expect.poll(() => asked).toContain('InboundPage');
  await expect.poll(() => asked).toContain('OutboundPage');
  // Then the grid, which both show, before either is opened.
  await expect.poll(() => asked).toContain('AgGrid');
  expect(asked).not.toContain('UsersPage');
  expect(asked).not.toContain('CurrentCallPage');

  await page.getByTestId('app-inbound').click();
  await expect(page).toHaveURL(/\/call-center\/inbound$/);
  await expect.poll(() => asked).toContain('CurrentCallPage');
  expect(asked).not.toContain('UsersPage');
});
