/*
 * The demo's past (decision 061): every demo account signs in on a fresh start and opens every screen its dashboard
 * offers, and each shows data of its own — completed calls in Call Search, counts on the outbound lists, today's calls
 * on the floor, failed emails in Resend Emails, users and the audit log, MeasureIt statistics.
 */
import { expect, test, type Page } from './fixtures.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { SERVER, shot, signIn } from './helpers.js';

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, '') || '0');

/** A branch each MeasureIt user may search (the franchise picker's choice). */
const MEASUREIT_BRANCH: Record<string, string> = {
  admin: 'SLI016',
  'csr.franchise': 'SG101',
  measurer: 'SG121',
};

/** What each dashboard card opens, and the data it must show there. */
const CHECKS: Record<string, (page: Page, username: string) => Promise<void>> = {
  async inbound(page) {
    await expect(page).toHaveURL(/\/call-center\/inbound/);
  },
  async outbound(page) {
    await expect(page.getByRole('heading', { name: 'Outbound Calls' })).toBeVisible();
    await expect
      .poll(async () => {
        const counts = await page.locator('[data-testid^="outbound-count-"]').allTextContents();
        return counts.filter((c) => number(c) > 0).length;
      }, SERVER)
      .toBeGreaterThan(3);
  },
  async callSearch(page, username) {
    await expect(page.getByRole('heading', { level: 1, name: 'Call Search' })).toBeVisible();
    const grid = page.getByTestId('call-search-grid');
    // It opens on completed calls: there are some, of this user's own when it sees only its own.
    await expect(page.getByTestId('call-search-summary')).toContainText(/of [\d,]+ calls?/, SERVER);
    await expect
      .poll(async () => grid.locator('[role="gridcell"][col-id="OutboundId"]').count(), SERVER)
      .toBeGreaterThan(5);
    const completed = await grid.locator('[role="gridcell"][col-id="callComplete"]').allTextContents();
    expect(completed.every((v) => v.trim() === 'Yes')).toBe(true);
    const dates = await grid.locator('[role="gridcell"][col-id="lastAccessDate"]').allTextContents();
    expect(
      dates.every((d) => /\d{4}-\d{2}-\d{2}/.test(d)),
      `${username}: every completed call has its date`,
    ).toBe(true);
  },
  async utilities(page) {
    await expect(page.getByRole('heading', { level: 1, name: 'Call Centre Utilities' })).toBeVisible();
    await page.getByTestId('open-resend-emails').click();
    await expect(page.getByTestId('failed-emails')).toBeVisible(SERVER);
    expect(await page.locator('[data-testid^="failed-email-"]').count()).toBeGreaterThan(0);
    await expect(page.locator('[data-testid^="failed-email-"]').first()).toContainText('refused');
    await shot(page, 'demo-data-failed-emails');
    await page.keyboard.press('Escape');
  },
  async manageUsers(page, username) {
    await expect(page.getByTestId('users-summary')).toContainText('users', SERVER);
    // The demo accounts and the CSRs the administrators made over the years.
    expect(number((await page.getByTestId('users-summary').textContent())?.split('of')[1] ?? '')).toBeGreaterThan(30);
    if (username === 'admin') {
      await page.goto('/admin/audit');
      await expect(page.getByTestId('audit-row').first()).toBeVisible(SERVER);
      expect(await page.getByTestId('audit-row').count()).toBeGreaterThan(10);
    }
  },
  async searchMeasureIt(page, username) {
    await expect(page.getByRole('heading', { level: 1, name: 'MeasureIt Search' })).toBeVisible();
    await page.goto(`/searchMeasureIt?branch=${MEASUREIT_BRANCH[username]}`);
    const measured = page.getByTestId('measureit-statistics').getByTestId('stat-total-properties-measured');
    await expect.poll(async () => number(await measured.textContent()), SERVER).toBeGreaterThan(0);
    await expect
      .poll(async () => page.getByTestId('measureit-search-grid').locator('[role="gridcell"]').count(), SERVER)
      .toBeGreaterThan(0);
  },
  async measureItUtilities(page) {
    await expect(page.getByRole('heading', { level: 1, name: 'MeasureIt Utilities' })).toBeVisible();
  },
  async floor(page) {
    // Calls ended today and this week, per CSR.
    await expect
      .poll(async () => number(await page.getByTestId('floor-today-calls').textContent()), SERVER)
      .toBeGreaterThan(0);
    await expect(page.getByTestId('floor-csrs')).toBeVisible();
  },
};

for (const account of DEMO_ACCOUNTS) {
  test(`${account.username} finds the demo's data on every screen it may open`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, account.username);
    for (const app of account.apps) {
      const check = CHECKS[app];
      // The wiki and the knowledge base are services outside this network.
      if (!check) continue;
      await test.step(app, async () => {
        await page.goto('/dashboard');
        await page.getByTestId(`app-${app}`).click();
        await check(page, account.username);
        await shot(page, `demo-data-${account.username}-${app}`);
      });
    }
  });
}
