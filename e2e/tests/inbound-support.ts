/** What the inbound journeys share: opening the screen, its fields, its grid, and its axe scan. */
import { APP_SHELL, expectAxeClean } from './axe.js';
import { expect, type Page } from './fixtures.js';
import { SERVER, signIn } from './helpers.js';

export async function openInbound(page: Page, username = 'csr.franchise'): Promise<void> {
  await signIn(page, username);
  await page.goto('/call-center/inbound');
  await expect(page.getByRole('heading', { name: 'Inbound Calls' })).toBeVisible(SERVER);
}

export const field = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Customer search' }).getByRole('textbox', { name, exact: true });
export const summary = (page: Page) => page.getByTestId('results-summary');
export const grid = (page: Page) => page.getByRole('region', { name: 'Inbound search results' });
/** Under the grid: which rows of how many pass the filters, the page size, the pager. */
export const pageSummary = (page: Page) => page.getByTestId('inbound-page-summary');
export const pageSize = (page: Page) => page.getByRole('combobox', { name: 'Customers per page' });
export const pager = (page: Page) => page.locator('[data-grid-pager]');

export async function advancedSearch(page: Page, fields: Record<string, string>): Promise<void> {
  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  await page.getByRole('button', { name: 'Clear' }).click();
  for (const [name, value] of Object.entries(fields)) await field(page, name).fill(value);
  await page.keyboard.press('Enter');
}

/** The screen itself: the app shell's header and toasts are scanned with the other pages. */
export const expectNoAxeViolations = (page: Page) => expectAxeClean(page, 'the inbound screen', { exclude: APP_SHELL });
