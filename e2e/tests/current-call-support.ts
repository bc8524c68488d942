import { APP_SHELL, expectAxeClean } from './axe.js';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from './fixtures.js';
import { apiToken, SERVER, signIn } from './helpers.js';

/**
 * What the current-call journeys share (current-call.spec.ts, current-call-customer.spec.ts): the story customer, dates on
 * the call centre's clock, opening and cancelling a call, and forgetting every call a journey opened.
 */

export const STORY = { sqldbid: 18001, customerNo: 1001, name: 'Margaret Thornbury', phone: '(630) 555-0142' };
export const STORY_CALL = `/call-center/current-call/${STORY.sqldbid}/${STORY.customerNo}/Inbound`;
export const ACTIVE_CALL_MESSAGE = 'Sorry, but this call is currently active...';
export const DNC_MESSAGE = 'This customer is on the Federal Do Not Call List.';
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));

export const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const shown = (d: Date) => `${SHORT_MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
export const dayLabel = (d: Date) => `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
/** A day counted from today on the call centre's clock (America/Chicago, as the screen counts), at noon. */
export function daysFromToday(n: number): Date {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d, 12);
  date.setDate(date.getDate() + n);
  return date;
}
export function threeYearsAgo(): Date {
  const d = daysFromToday(0);
  d.setFullYear(d.getFullYear() - 3);
  return d;
}

/** The users whose calls a test opened: their calls are released and forgotten after it. */
const opened = new Set<string>();

export async function apiAs<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export async function signInAs(page: Page, username: string): Promise<void> {
  opened.add(username);
  await signIn(page, username);
}

/** A second user in a browser of their own. */
export async function secondUser(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, username);
  return page;
}

/** The body a request to `path` carries, once it is made. */
export function bodyOf(page: Page, path: string): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((r: Request) => r.url().endsWith(path) && r.method() !== 'GET')
    .then((r) => r.postDataJSON() as Record<string, unknown>);
}

export const header = (page: Page) => page.getByTestId('call-header');
export const callScreen = (page: Page) => page.getByTestId('current-call');

export async function expectCallOpen(page: Page): Promise<void> {
  await expect(callScreen(page)).toHaveAttribute('data-call-status', 'open', SERVER);
}

export async function openFromInbound(page: Page, lastName: string): Promise<void> {
  await page.goto('/call-center/inbound');
  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  await page
    .getByRole('region', { name: 'Customer search' })
    .getByRole('textbox', { name: 'Last name', exact: true })
    .fill(lastName);
  await page.keyboard.press('Enter');
  await page
    .getByRole('button', { name: /^Open call for / })
    .first()
    .click();
}

/** Cancel Call: a cancel record, the call released, and back to the list without a prompt. */
export async function cancelCall(page: Page, list: RegExp): Promise<Record<string, unknown>> {
  const body = bodyOf(page, '/api/currentcall/insertCancelCall');
  await header(page).getByRole('button', { name: 'Cancel Call' }).click();
  // Cancel Call asks first (the abandon confirmation).
  await page
    .getByRole('dialog', { name: 'Please confirm navigation' })
    .getByRole('button', { name: 'Cancel the call' })
    .click();
  await expect(page).toHaveURL(list, SERVER);
  await expect(page.getByRole('dialog', { name: 'Please confirm navigation' })).toHaveCount(0);
  return body;
}

export const expectNoAxeViolations = (page: Page) => expectAxeClean(page, 'the current call', { exclude: APP_SHELL });

/**
 * After each journey: close its window (which releases and saves an open call, pagehide), then forget the calls of
 * every user it signed in, for good.
 */
export async function forgetOpenedCalls(request: APIRequestContext, context: BrowserContext): Promise<void> {
  await context.close();
  for (const username of opened) {
    const token = await apiToken(request, username);
    await expect
      .poll(async () => {
        await apiAs(request, token, 'POST', '/api/call-center/call-inactive', {
          sqldbid: STORY.sqldbid,
          customerNo: STORY.customerNo,
          save: false,
        });
        return (await apiAs<{ saved: unknown }>(request, token, 'GET', '/api/call-center/saved-call')).saved;
      })
      .toBeNull();
  }
  opened.clear();
}
