import fs from 'node:fs';
import { addDays, floorPeriods } from '@cc/domain';
import { expectAxeClean, TOASTS } from './axe.js';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { SERVER, shot, signIn } from './helpers.js';

/*
 * The supervisor's Reports screen from the keyboard alone (docs/decisions/082-report-definitions.md): reached from the
 * header's link, the range chosen in the calendar with the arrows, grouping and period picked from their lists, the
 * figures read, the CSV downloaded. No mouse event is sent after signing in; the focus is checked at each step, and
 * axe scans the page with the filters set and with the calendar open.
 */

test.use({ viewport: { width: 1366, height: 768 } });

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

/** Press `key` until the target has the focus; fails naming what has it if not reached within `max` presses. */
async function pressTo(page: Page, target: Locator, what: string, key = 'Tab', max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el.contains(document.activeElement))) return;
    await page.keyboard.press(key);
  }
  await expectFocusOn(page, target, what);
}

/**
 * Move through an open list with the arrow until `option` is the one Enter picks. The focus stays on the box (a
 * combobox points at its option, the option is not focused), so the option's mark is what is read.
 */
async function arrowTo(page: Page, option: Locator, what: string, max = 8): Promise<void> {
  // The arrows move once the list is shown, as a person's do: just after the list opens, Mantine settles which option
  // Enter takes (a timer), and an arrow pressed before that can leave one option marked and another to be taken.
  await expect(page.getByRole('listbox')).toBeVisible();
  for (let i = 0; i < max; i++) {
    if ((await option.getAttribute('data-combobox-selected')) !== null) return;
    await page.keyboard.press('ArrowDown');
  }
  await expect(option, `${what} marked for Enter`).toHaveAttribute('data-combobox-selected', 'true');
}

/** A day's button in the calendar, named as '29 November 2026'. */
function dayButton(calendar: Locator, iso: string): Locator {
  const at = new Date(`${iso}T12:00:00Z`);
  const month = at.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return calendar.getByRole('button', { name: `${at.getUTCDate()} ${month} ${at.getUTCFullYear()}`, exact: true });
}

/** Move the calendar's focus with the arrows, left or right, until it is on the day `iso`. */
async function arrowToDay(page: Page, calendar: Locator, iso: string, max = 40): Promise<void> {
  const target = new Date(`${iso}T12:00:00Z`).getTime();
  for (let i = 0; i < max; i++) {
    const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const at = Date.parse(`${label} 12:00 UTC`);
    if (at === target) break;
    await page.keyboard.press(Number.isNaN(at) || at < target ? 'ArrowRight' : 'ArrowLeft');
  }
  await expectFocusOn(page, dayButton(calendar, iso), `${iso} in the calendar`);
}

test('the reports chosen, read and downloaded from the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'supervisor');
  const { today } = floorPeriods(new Date());

  // The header's link, then the new screen's heading has the focus.
  const link = page.getByRole('banner').getByRole('link', { name: 'Reports' });
  await pressTo(page, link, 'the header’s Reports link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/call-center\/reports/);
  const heading = page.getByRole('heading', { level: 1, name: 'Reports' });
  await expectFocusOn(page, heading, 'the Reports heading');
  const table = page.getByTestId('report-table');
  await expect(table).toBeVisible(SERVER);

  // The range: Enter opens the calendar; yesterday to today with the arrows and Enter (on a month's first day, today
  // alone: yesterday is in another month, and the arrows stay within the month shown).
  const range = page.getByRole('button', { name: 'Range' });
  await pressTo(page, range, 'the Range picker');
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog');
  await expect(calendar).toBeVisible();
  const yesterday = addDays(today, -1);
  const from = yesterday.slice(0, 7) === today.slice(0, 7) ? yesterday : today;
  await expectFocusOn(page, calendar, 'the calendar');
  await expectAxeClean(page, 'the reports with the calendar open', { exclude: TOASTS });
  // The calendar opens on the month of the range's first day (the last seven days'): in a month's first days that is
  // the month before, and the header's Next month button (a tab stop before the days) shows this one.
  if (addDays(today, -6).slice(0, 7) !== today.slice(0, 7)) {
    await pressTo(page, calendar.getByRole('button', { name: 'Next month' }), 'Next month', 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
  }
  // The days are one tab stop, the arrows move between them.
  await arrowToDay(page, calendar, from);
  await page.keyboard.press('Enter');
  if (from !== today) await page.keyboard.press('ArrowRight');
  await expectFocusOn(page, dayButton(calendar, today), `today (${today}) in the calendar`);
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expectFocusOn(page, range, 'the Range picker, the calendar closed');
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${today}`));

  // Group by call type: the list opens with the arrow, Enter picks, the focus stays on the box.
  const group = page.getByRole('combobox', { name: 'Group by' });
  await pressTo(page, group, 'Group by');
  await page.keyboard.press('ArrowDown');
  await arrowTo(page, page.getByRole('option', { name: 'Call type' }), 'the Call type option');
  await page.keyboard.press('Enter');
  await expect(group).toHaveValue('Call type');
  await expectFocusOn(page, group, 'Group by, its list closed');
  await expect(page).toHaveURL(/groupBy=type/);

  // Per hour, the same way.
  const period = page.getByRole('combobox', { name: 'Period' });
  await pressTo(page, period, 'Period');
  await page.keyboard.press('ArrowDown');
  await arrowTo(page, page.getByRole('option', { name: 'Per hour' }), 'the Per hour option');
  await page.keyboard.press('Enter');
  await expect(period).toHaveValue('Per hour');
  await expectFocusOn(page, period, 'Period, its list closed');
  await expect(page).toHaveURL(/interval=hour/);

  // The figures: the table by call type, the total beside the headline figure, the chart per hour.
  await expect(page.getByRole('status', { name: 'Loading the report' })).toHaveCount(0, SERVER);
  await expect(page.getByRole('heading', { name: 'By call type' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Calls and sales per hour' })).toBeVisible();
  const total = await page.getByTestId('report-total-calls').innerText();
  await expect(table.locator('tfoot [data-column="Calls handled"]')).toHaveText(total);
  await expectAxeClean(page, 'the reports by call type per hour', { exclude: TOASTS });
  await shot(page, 'keyboard-reports');

  // The CSV: back to the button with Shift+Tab, Enter downloads the same choice.
  const button = page.getByRole('button', { name: 'Download CSV' });
  await pressTo(page, button, 'Download CSV', 'Shift+Tab');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toBe(`report-type-${from}-${today}.csv`);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv.split('\r\n').find((l) => l.startsWith('All,'))).toMatch(new RegExp(`^All,${from} to ${today},${total},`));
  await expectFocusOn(page, button, 'Download CSV, after the download');
});
