import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-pass1';

/**
 * How long a journey waits for what the server answers (a page's first data, a save's toast): a 2-core machine of the
 * slower kind with two workers (browser, server and embedded database each) ran journeys 3-4 times slower than a
 * fast one, and a first page after signing in took more than 15 s there (CI, 2026-11-27). A wait ends when the
 * answer shows, so a long bound costs nothing when all is well.
 */
export const SERVER = { timeout: 45_000 };

/** Sign in through the dialog on the public home and wait for the dashboard. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await forgetSavedCall(page.request, username, password);
  await page.goto('/');
  await fillSignIn(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Fill and submit the open sign-in dialog. */
export async function fillSignIn(page: Page, username: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A bearer token of the page's own session, for calling the API beside the page. The app keeps its token in
 * memory only (decision 022), so this asks the refresh route from inside the page, as the app does: under the
 * app's Web Lock, with the HttpOnly cookie the test never sees. The page's own token goes on working.
 */
export async function pageSession(page: Page): Promise<{ token: string; user: { UserId: number } }> {
  return page.evaluate(async () => {
    const refresh = async () => {
      const response = await fetch('/api/auth/refresh', { method: 'POST', headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`refresh: ${response.status}`);
      return (await response.json()) as { token: string; user: { UserId: number } };
    };
    let session: { token: string; user: { UserId: number } } | undefined;
    await navigator.locks.request('cc.session.refresh', async () => {
      session = await refresh();
    });
    if (!session) throw new Error('no session');
    return session;
  });
}

/** A bearer token of a fresh API session of a demo account (beside the page's own). */
export async function apiToken(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const signin = await request.post('/api/auth/signin', { data: { username, password } });
  expect(signin.ok(), await signin.text()).toBe(true);
  return ((await signin.json()) as { token: string }).token;
}

export const pageToken = async (page: Page): Promise<string> => (await pageSession(page)).token;

/** Sign out through the account menu in the header. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/\?noAuth=true$/);
}

/** A toast (Mantine notification) with the given text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/**
 * A toast expected from what the test does next, watched from now: a toast lasts 3 s, and a page that changes after
 * it (a list loading under load) can take longer than that to let the test look. Await the answer after the action.
 */
export function toastComing(page: Page, text: string): Promise<void> {
  return toast(page, text).waitFor({ state: 'visible', timeout: 30_000 });
}

/**
 * Pick an option of a Mantine Select as a user does. In a dialog, first wait for the dialog to take focus (its focus
 * trap moves focus in a moment after it opens; a click before that can lose the list to the blur); then open the
 * list, see it open, and click the option (the list is in a portal, outside the dialog).
 */
export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  const dialog = combobox.locator('xpath=ancestor::*[@role="dialog"]');
  if ((await dialog.count()) > 0) await expect(dialog.locator(':focus')).toHaveCount(1);
  await combobox.click();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** A username no run has used yet: 5-30 word characters. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Create an account through the API (the sign-up endpoint), for journeys that change it. */
export async function createAccount(
  request: APIRequestContext,
  prefix: string,
  names = { firstName: 'Erin', lastName: 'Tester' },
): Promise<string> {
  const username = uniqueUsername(prefix);
  const response = await request.post('/api/auth/signup', {
    data: { username, ...names, email: '', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return username;
}

/** Screenshots for a human to look at (not assertions). */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `/tmp/shots/e2e-${name}.png`, fullPage: true });
}

/**
 * A call another spec left open is saved for its user, and the dashboard sends that user back to it;
 * journeys that expect the dashboard start from a user without a saved call or a measurement in progress.
 */
export async function forgetSavedCall(request: APIRequestContext, username: string, password: string): Promise<void> {
  const signin = await request.post('/api/auth/signin', { data: { username, password } });
  if (!signin.ok()) return;
  const { token } = (await signin.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const saved = await request.get('/api/call-center/saved-call', { headers });
  const body = (await saved.json()) as { saved: { sqldbid: number; customerNo: number } | null };
  if (body.saved) {
    await request.post('/api/call-center/call-inactive', {
      headers,
      data: { sqldbid: body.saved.sqldbid, customerNo: body.saved.customerNo, save: false },
    });
  }
  // Likewise a MeasureIt measurement left open sends its measurer back to the edit screen (decision 043).
  const inProgress = await request.post('/api/MeasureIt/GetMeasurementInProgress', { headers, data: {} });
  if (inProgress.ok()) {
    const { measurement } = (await inProgress.json()) as { measurement: { propertyId: number } | null };
    if (measurement) {
      await request.post('/api/MeasureIt/CancelProperty', { headers, data: { propertyId: measurement.propertyId } });
    }
  }
  await request.post('/api/auth/signout', { headers });
}

/**
 * Wait until nothing on the page is moving: no CSS transition or finite animation running, seen on two
 * frames in a row. A dialog or toast caught half faded in reads to axe as low contrast; a spinner's
 * endless animation is not waited for.
 */
export async function settled(page: Page): Promise<void> {
  // A dialog's fade-in starts a frame or two after it is shown, so two still frames can come before it: a shown dialog
  // (not one hidden behind another of a stack) is settled only at full opacity.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[role="dialog"]'))
      .filter((dialog) => dialog.getClientRects().length > 0 && !dialog.matches('[data-hidden]'))
      .every((dialog) => getComputedStyle(dialog).opacity === '1'),
  );
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const still = () =>
          document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity);
        requestAnimationFrame(() => {
          const first = still();
          requestAnimationFrame(() => resolve(first && still()));
        });
      }),
  );
}

/**
 * Click a control whose action closes its own window (a MeasureIt window let go), and wait for the window to close.
 * When the window closes while the click is still finishing, Playwright may report the closed page as the click's
 * error: that is the outcome the click was for, so once the window has closed the click's own answer is not judged. A
 * click that does nothing fails the test, by the close that never comes.
 */
export async function clickClosingWindow(window: Page, control: Locator): Promise<void> {
  const closed = window.waitForEvent('close');
  const clicked = control.click().catch(() => undefined);
  await closed;
  await clicked;
}
