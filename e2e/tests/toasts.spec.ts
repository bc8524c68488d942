import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { SERVER, shot, signIn, toast } from './helpers.js';

/**
 * Where toasts show (decision 027): call handling's bottom right, the administration screens' top
 * right, and a bottom-right toast never covers a grid's pager — it is lifted above one it would overlap.
 */

/**
 * Catch a toast in the frame it appears and hold it there as a user's resting mouse does (Mantine keeps a hovered
 * toast open), so what follows has no 3 s to race on a loaded machine; answers the position of its stack.
 */
async function holdToast(page: Page, text: string): Promise<string | null> {
  // Park the real pointer in the window's top-left corner, clear of both stacks: left where the test last clicked, it
  // can be over the toast, and the stack lifted off a pager then moves the toast out from under it — a real mouse
  // leave that restarts the 3 s (CI, 2026-11-28; reproduced with the pointer put over the toast).
  await page.mouse.move(0, 0);
  const found = await page.waitForFunction(
    (wanted) => {
      const alert = Array.from(document.querySelectorAll('[role="alert"]')).find((a) =>
        a.textContent?.includes(wanted),
      );
      if (!alert) return false;
      alert.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      return alert.closest('[data-position]')?.getAttribute('data-position') ?? 'none';
    },
    text,
    { polling: 'raf', ...SERVER },
  );
  return (await found.jsonValue()) as string | null;
}

async function overlap(a: Locator, b: Locator): Promise<number> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('not on screen');
  const w = Math.min(x.x + x.width, y.x + y.width) - Math.max(x.x, y.x);
  const h = Math.min(x.y + x.height, y.y + y.height) - Math.max(x.y, y.y);
  return w > 0 && h > 0 ? w * h : 0;
}

test.use({ viewport: { width: 1366, height: 768 } });

test("a call-handling toast shows bottom right, clear of the grid's pager under it", async ({ page }) => {
  await signIn(page, 'csr.cof');
  await page.goto('/call-center/outbound');
  const section = page.getByTestId('outbound-section-Cancel');
  await section.getByRole('button', { name: /^Cancel Calls/ }).click();
  const pager = section.locator('[data-grid-pager]');
  await expect(pager.getByRole('button', { name: 'Page 2' })).toBeVisible(SERVER);

  await section.getByRole('button', { name: 'Refresh' }).click();
  expect(await holdToast(page, 'Refreshed Cancel Calls')).toBe('bottom-right');
  const refreshed = toast(page, 'Refreshed Cancel Calls');
  // Bring the pager to the bottom right of the window, where the toast is.
  await pager.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await expect(refreshed).toBeVisible();
  await expect.poll(() => overlap(refreshed, pager)).toBe(0);
  await shot(page, 'toast-above-pager');
  // The pager stays usable while the toast shows.
  await pager.getByRole('button', { name: 'Page 2' }).click();
});

test('an administration toast shows top right, below the header: its links and account menu stay clear', async ({
  page,
}) => {
  await signIn(page, 'csr.cof');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /profile/i }).click();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-pass3');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Another-pass3');
  await page.getByRole('button', { name: 'Cancel password change' }).click();
  expect(await holdToast(page, 'Password Update Cancelled...')).toBe('top-right');
  const cancelled = toast(page, 'Password Update Cancelled...');
  await expect(cancelled).toBeVisible();
  const header = page.getByRole('banner');
  await expect.poll(() => overlap(cancelled, header)).toBe(0);
  expect(await overlap(cancelled, page.getByRole('button', { name: 'Account menu' }))).toBe(0);
  await shot(page, 'toast-admin-below-header');
  // The account menu stays usable while the toast shows.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: /profile/i })).toBeVisible();
});
