import { expectAxeCleanSoft, TOASTS } from './axe.js';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { apiToken, DEMO_PASSWORD, forgetSavedCall, SERVER, shot, signIn } from './helpers.js';

/*
 * Where the keyboard focus is at each step (decision 071): after signing in, on a new screen reached by a link, after
 * a dialog closes, and on a button pressed with Enter once its work is done (decision 089). The dialogs fade in and out here as they do for a user who has not asked for less motion
 * (the other journeys skip the fade): the focus was lost while a dialog faded out.
 */

test.use({ reducedMotion: 'no-preference', viewport: { width: 1366, height: 768 } });
// Each journey walks several screens or dialogs, each faded in and out, with an axe scan on most: on a loaded 2-core
// machine the call-screen one took longer than the default 2 minutes.
test.describe.configure({ timeout: 240_000 });

const BRENNAN = { sqldbid: 18002, customerNo: 1004 };
const opened: { sqldbid: number; customerNo: number }[] = [];

test.afterEach(async ({ request, context }) => {
  await context.close();
  for (const call of opened.splice(0)) {
    await request.post('/api/call-center/call-inactive', {
      headers: { Authorization: `Bearer ${await apiToken(request, 'admin')}` },
      data: { ...call, save: false },
    });
  }
});

/** WCAG 2.1 AA on the whole page, the header included (the toasts aside: they come and go). */
const expectAccessible = (page: Page, what: string, hover?: Locator) =>
  expectAxeCleanSoft(page, what, { exclude: TOASTS, hover });

/** The element with the focus, for readable failures: role and name, or 'body'. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}: ${name}`;
  });
}

/** The focus is on `target` (or inside it), checked until it is, with what has it instead in the failure. */
async function expectFocusOn(page: Page, target: Locator, what: string): Promise<void> {
  await expect
    .poll(async () => ((await target.evaluate((el) => el.contains(document.activeElement))) ? what : focused(page)), {
      message: `focus on ${what}`,
    })
    .toBe(what);
}

/** The outline the browser draws around the focused element: its style and width. */
const outlineOf = (target: Locator) =>
  target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });

test('signing in, the dashboard cards and the header links: the focus on each new screen, a visible ring', async ({
  page,
}) => {
  await forgetSavedCall(page.request, 'csr.franchise', DEMO_PASSWORD);
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill('csr.franchise');
  const password = dialog.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('not-the-password');
  // Enter on Sign in itself: refused, the keyboard is still on the button (a button disabled while busy would hand the
  // focus to the page, and the user would have to find the form again).
  const submit = dialog.getByRole('button', { name: 'Sign in' });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('Invalid username or password.', SERVER);
  await expectFocusOn(page, submit, 'the Sign in button after a refused sign-in');
  await password.fill(DEMO_PASSWORD);
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/, SERVER);
  // Signed in: the keyboard starts on the dashboard's heading, not on the page's body.
  const welcome = page.getByRole('heading', { level: 1, name: /^Welcome, / });
  await expectFocusOn(page, welcome, 'the dashboard heading');

  // Tab goes on from the heading to the first card, which shows that it has the focus.
  const inbound = page.getByTestId('app-inbound');
  await expect(inbound).toBeVisible(SERVER);
  await page.keyboard.press('Tab');
  await expectFocusOn(page, inbound, 'the Inbound card');
  expect(await outlineOf(inbound)).toEqual({ style: 'solid', width: 2 });
  await shot(page, 'focus-dashboard-card');
  await page.keyboard.press('Tab');
  const outbound = page.getByTestId('app-outbound');
  await expectFocusOn(page, outbound, 'the Outbound card');
  expect(await outlineOf(outbound)).toEqual({ style: 'solid', width: 2 });
  await expectAccessible(page, 'dashboard, a card focused');

  // A card by Enter: the new screen's heading has the focus.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/call-center\/outbound$/);
  await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Outbound Calls' }), 'the Outbound heading');

  // A header link by Enter: the dashboard's heading.
  await page.getByRole('link', { name: 'Dashboard' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectFocusOn(page, welcome, 'the dashboard heading again');

  // A screen that puts the focus on its first control keeps it there: Inbound's address box.
  await page.keyboard.press('Tab');
  await expectFocusOn(page, inbound, 'the Inbound card again');
  await page.keyboard.press('Enter');
  await expectFocusOn(page, page.getByRole('combobox', { name: 'Address' }), "Inbound's address box");

  // A click on a header link, then a card: the heading each time.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expectFocusOn(page, welcome, 'the dashboard heading after a click');
  await page.getByTestId('app-callSearch').click();
  await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Call Search' }), 'the Call Search heading');
});

test("the header's links hovered, in the corporate theme: axe with the pointer on each", async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('app-floor')).toBeVisible(SERVER);
  for (const name of ['Dashboard', 'All Quotes', 'Floor']) {
    const link = page.getByRole('banner').getByRole('link', { name });
    await expectAxeCleanSoft(page, `the header's ${name} link hovered`, { include: 'header', hover: link });
  }
  await shot(page, 'focus-header-link-hovered');
  await expectAccessible(page, 'dashboard, a card hovered', page.getByTestId('app-inbound'));
});

test('closing Customer Details, the Action Sheet and a call-history log: the focus back on what opened each', async ({
  page,
}) => {
  await signIn(page, 'admin');
  opened.push(BRENNAN);
  await page.goto(`/call-center/current-call/${BRENNAN.sqldbid}/${BRENNAN.customerNo}/Inbound`);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);
  await expectFocusOn(page, page.getByRole('tab', { name: 'Customer' }), 'the Customer tab');
  const header = page.getByTestId('call-header');

  // Customer Details by a click, closed by Escape.
  const details = header.getByRole('button', { name: 'Customer Details' });
  await details.click();
  const report = page.getByRole('dialog', { name: 'Customer Details' });
  await expect(report).toBeVisible();
  await expectFocusOn(page, report.getByRole('button', { name: 'Print' }), 'Print in Customer Details');
  await expectAccessible(page, 'Customer Details open');
  await page.keyboard.press('Escape');
  await expect(report).toHaveCount(0);
  await expectFocusOn(page, details, 'the Customer Details button');

  // The Action Sheet by Enter, closed by its Close button.
  const actions = header.getByRole('button', { name: 'Action Sheet' });
  await page.keyboard.press('Tab');
  await expectFocusOn(page, actions, 'the Action Sheet button');
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Action Sheet' });
  await expect(sheet).toBeVisible();
  await shot(page, 'focus-action-sheet');
  await expectAccessible(page, 'Action Sheet open');
  await sheet.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(sheet).toHaveCount(0);
  await expectFocusOn(page, actions, 'the Action Sheet button again');

  // A past call from the History tab by Enter on its row, closed by Escape: back on that row.
  await page.keyboard.press('Alt+Shift+Digit3');
  await expectFocusOn(page, page.getByRole('tab', { name: 'History' }), 'the History tab');
  const calls = page.getByRole('region', { name: 'Call history' });
  const firstCell = calls.locator('.ag-row[row-index="0"] [role="gridcell"]').first();
  await expect(firstCell).toBeVisible(SERVER);
  await firstCell.focus();
  await page.keyboard.press('Enter');
  const log = page.getByRole('dialog', { name: 'Call History Log' });
  await expect(log).toBeVisible();
  await expectAccessible(page, 'a call-history log open');
  await page.keyboard.press('Escape');
  await expect(log).toHaveCount(0);
  await expectFocusOn(page, calls.locator('.ag-row[row-index="0"]'), 'the call-history row');

  // Opened by a click on the row, closed by its Close button: back in the grid again.
  await calls.locator('.ag-row[row-index="0"] [role="gridcell"]').first().click();
  await expect(log).toBeVisible();
  await log.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(log).toHaveCount(0);
  await expectFocusOn(page, calls.locator('.ag-row[row-index="0"]'), 'the call-history row after a click');

  // Edit Customer's account lookup from the keyboard: Enter on Search keeps the focus on Search while the lookup runs
  // and after its rows come, so the next Tab goes on from there.
  await page.getByRole('button', { name: 'Edit customer' }).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Look up account' }).focus();
  await page.keyboard.press('Enter');
  const lookup = page.getByRole('dialog', { name: 'Customer Lookup' });
  await expectFocusOn(page, lookup.getByRole('textbox', { name: 'Last name' }), "the lookup's Last name box");
  await page.keyboard.type('S');
  const search = lookup.getByRole('button', { name: 'Search' });
  await search.focus();
  await page.keyboard.press('Enter');
  await expect(lookup.getByRole('button', { name: /^Select account \d+, / }).first()).toBeVisible(SERVER);
  await expectFocusOn(page, search, 'Search in the customer lookup after its rows came');
  await expectAccessible(page, 'the customer lookup with its rows');
});
