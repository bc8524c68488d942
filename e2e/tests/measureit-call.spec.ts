import { expectAxeClean } from './axe.js';
import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { PRICING_REFRESHED } from '@cc/domain';
import { apiToken, DEMO_PASSWORD, fillSignIn, pageSession, SERVER, shot, signIn, toast } from './helpers.js';
import { unmeasuredCustomers } from './measureit-support.js';

/**
 * The call screen uses MeasureIt (decision 043): 'Refresh Lawn Size and Pricing' reads the
 * household measurement saved through the real MeasureIt calls; a save announced by another window (the editor, on
 * the BroadcastChannel) refreshes the call by itself; 'Measure lawn' opens the edit screen in its own window; and a
 * measurer who left a measurement in progress is sent back to it when signing in.
 */

/** The BroadcastChannel the editor announces saves on (MEASUREIT_CHANNEL, apps/web/src/features/measureit/links.ts). */
const MEASUREIT_CHANNEL = 'cc-measureit';
// Admin's (all branches, Inbound and MeasureIt); no other journey uses this customer. Lawn size 6.00 when seeded.
const IRENE = { sqldbid: 18001, customerNo: 1003 };

type Ring = [number, number][];
const square = (west: number, south: number, east: number, north: number): Ring => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];
/**
 * A lawn of about 100 ft by 100 ft with a bed cut out, and a larger one (under 24 thousand sq ft, no lawn size alert):
 * two sizes the call must show in turn.
 */
const LAWN = {
  type: 'MultiPolygon' as const,
  coordinates: [[square(-93.6349, 41.5864, -93.6345, 41.5867), square(-93.6348, 41.5865, -93.63475, 41.58655)]],
};
const BIGGER = { type: 'MultiPolygon' as const, coordinates: [[square(-93.6349, 41.5864, -93.6344, 41.5868)]] };
/**
 * The sizes a save drawn on the map sends, worked out by hand rather than by the product's own function: a rectangle
 * of longitude and latitude on the spec's sphere (R = 6,367,460 m) has the area R²·Δλ·(sin φn − sin φs); in square
 * feet (÷ 0.3048²) LAWN is 11,932.00 less the bed's 248.58, 11,683.42, and BIGGER 19,886.66. The lawn size is in
 * thousands of square feet, to the cent: 11.68 and 19.89.
 */
const SQFT = new Map([
  [LAWN, 11_683.42],
  [BIGGER, 19_886.66],
]);
const sqftOf = (shapes: typeof LAWN) => SQFT.get(shapes) ?? Number.NaN;

async function post<T>(request: APIRequestContext, token: string, path: string, data?: unknown): Promise<T> {
  const response = await request.post(path, { data: data ?? {}, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The measurer measures the customer through the real calls (get for edit, then complete); answers the lawn size. */
async function measure(request: APIRequestContext, shapes: typeof LAWN): Promise<number> {
  const token = await apiToken(request, 'measurer');
  const got = await post<{ property: { propertyId: number } }>(request, token, '/api/MeasureIt/GetProperty', {
    ...IRENE,
    confirm: true,
  });
  const saved = await post<{ lawnSize: number }>(request, token, '/api/MeasureIt/CompleteProperty', {
    propertyId: got.property.propertyId,
    requestId: crypto.randomUUID(),
    SquareFeet: sqftOf(shapes),
    shapes,
  });
  return saved.lawnSize;
}

/** Releases whatever the user still has open in MeasureIt, so that the dashboard does not send them back to it. */
async function releaseMeasurement(request: APIRequestContext, username: string): Promise<void> {
  const token = await apiToken(request, username);
  const { measurement } = await post<{ measurement: { propertyId: number } | null }>(
    request,
    token,
    '/api/MeasureIt/GetMeasurementInProgress',
  );
  if (measurement) {
    await post(request, token, '/api/MeasureIt/CancelProperty', { propertyId: measurement.propertyId });
  }
}

const household = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/MeasureIt/GetHouseholdMeasurement') && r.status() === 200);

/** The call's pricing tab, once it has read the household's measurement for its saved image. */
async function openPricing(page: Page): Promise<void> {
  await page.goto(`/call-center/current-call/${IRENE.sqldbid}/${IRENE.customerNo}/Inbound`);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);
  const shown = household(page);
  await page.getByRole('tab', { name: 'Pricing' }).click();
  await expect(page.getByTestId('pricing-tab')).toBeVisible(SERVER);
  await shown;
}

/** The image has arrived from the static-maps service and been drawn. */
const drawn = (image: ReturnType<Page['locator']>) =>
  expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), SERVER);

test('the call refreshes its lawn size and pricing from MeasureIt, by a click and when another window saves', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  await openPricing(page);
  const lawnSize = page.getByTestId('pricing-lawn-size');
  await expect(lawnSize).toHaveText(/^\d+\.\d\d$/, SERVER);

  // A measurement saved elsewhere; the CSR refreshes: the household measurement is read and priced.
  const first = await measure(request, LAWN);
  expect(first).toBe(11.68);
  expect(first.toFixed(2)).not.toBe(await lawnSize.textContent());
  const read = household(page);
  await page.getByRole('button', { name: 'Refresh Lawn Size and Pricing' }).click();
  expect(((await (await read).json()) as { complete: boolean; lawnSize: number }).lawnSize).toBe(first);
  await expect(toast(page, PRICING_REFRESHED)).toBeVisible(SERVER);
  await expect(lawnSize).toHaveText(first.toFixed(2));
  await expect(page.getByTestId('pricing-tab')).toHaveAttribute('aria-busy', 'false');
  await shot(page, 'measureit-call-refreshed');
  await expect(toast(page, PRICING_REFRESHED)).toHaveCount(0, SERVER);

  // The editor, in another window of the same origin, announces a second save: the call refreshes by itself.
  const second = await measure(request, BIGGER);
  expect(second).toBe(19.89);
  expect(second).not.toBe(first);
  const editor = await context.newPage();
  await editor.goto('/api/client-config');
  const heard = household(page);
  await editor.evaluate(
    ({ channel, message }) => {
      const c = new BroadcastChannel(channel);
      c.postMessage(message);
      c.close();
    },
    {
      channel: MEASUREIT_CHANNEL,
      message: { kind: 'measurement-saved', propertyId: 0, ...IRENE, squareFeet: sqftOf(BIGGER), lawnSize: second },
    },
  );
  await heard;
  await expect(toast(page, PRICING_REFRESHED)).toBeVisible(SERVER);
  await expect(lawnSize).toHaveText(second.toFixed(2));
  await page.getByRole('tab', { name: 'Customer' }).click();
  await expect(page.getByTestId('customer-lawn-size')).toHaveText(second.toFixed(2));
  await page.getByRole('tab', { name: 'Pricing' }).click();
  await editor.close();

  await expectAxeClean(page, 'the pricing tab after a measurement', { include: '[data-testid="pricing-tab"]' });

  // The saved image, small beside Measure lawn, opens larger; closing it gives the focus back (decision 079).
  const thumbnail = page.getByRole('button', { name: `Show the saved image of customer ${IRENE.customerNo}` });
  await expect(thumbnail).toBeVisible();
  await drawn(thumbnail.locator('img')).toBeGreaterThan(0);
  await thumbnail.click();
  const dialog = page.getByRole('dialog', { name: `Saved image of customer ${IRENE.customerNo}` });
  const large = dialog.getByRole('img', { name: `The saved measurement of customer ${IRENE.customerNo}` });
  await drawn(large).toBe(525);
  // One title: the dialog's, no heading of the image's own under it.
  await expect(dialog.getByRole('heading')).toHaveCount(1);
  await expect(dialog.getByRole('heading')).toHaveText(`Saved image of customer ${IRENE.customerNo}`);
  await shot(page, 'measureit-call-saved-image');
  await expectAxeClean(page, 'the saved image opened from the call');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(thumbnail).toBeFocused();
});

test('Measure lawn opens the edit screen for the customer in its own window, closing on save', async ({ page }) => {
  await signIn(page, 'admin');
  const { user } = await pageSession(page);
  await openPricing(page);
  const button = page.getByRole('button', { name: /Measure lawn/ });
  await expect(button).toHaveAccessibleName('Measure lawn (opens MeasureIt in a new window)');
  await shot(page, 'measureit-call-button');
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.waitForURL(/\/editMeasureIt\?/);
  const url = new URL(popup.url());
  expect(url.pathname).toBe('/editMeasureIt');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    sqldbid: String(IRENE.sqldbid),
    id: String(IRENE.customerNo),
    csr: String(user.UserId),
    client: 'currentCall',
    closeOnSave: 'true',
  });
  await popup.close();
});

test('a lawn measured in the window the call opened: it closes on save and the call prices the new size', async ({
  page,
  request,
}) => {
  const [customer] = await unmeasuredCustomers(request, { branchno: 'SG101', lastname: 'P' }, 1);
  await signIn(page, 'admin');
  await page.goto(`/call-center/current-call/${customer!.sqldbid}/${customer!.customerNo}/Inbound`);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);
  await page.getByRole('tab', { name: 'Pricing' }).click();
  await expect(page.getByTestId('pricing-tab')).toBeVisible(SERVER);

  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /Measure lawn/ }).click(),
  ]);
  await expect(popup.getByTestId('measure-total')).toHaveText('0 sq ft', SERVER);
  // Typed by hand: the size is flagged external, from the first source.
  await popup.getByTestId('measure-size').fill('15000');
  await expect(popup.getByTestId('measure-external')).toBeVisible();
  const closed = popup.waitForEvent('close');
  const refreshed = household(page);
  await popup.getByRole('button', { name: 'Save', exact: true }).click();
  await closed;
  await refreshed;
  await expect(toast(page, PRICING_REFRESHED)).toBeVisible(SERVER);
  await expect(page.getByTestId('pricing-lawn-size')).toHaveText('15.00');
});

test('the Measure lawn button is not offered to a CSR without MeasureIt', async ({ page }) => {
  await signIn(page, 'csr.cof');
  await page.goto('/call-center/current-call/17501/1005/Inbound');
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);
  await page.getByRole('tab', { name: 'Pricing' }).click();
  await expect(page.getByRole('button', { name: 'Refresh Lawn Size and Pricing' })).toBeVisible(SERVER);
  await expect(page.getByRole('button', { name: /Measure lawn/ })).toHaveCount(0);
});

test('a measurer who left a measurement in progress is sent back to it on signing in', async ({ page, request }) => {
  const token = await apiToken(request, 'measurer');
  await post(request, token, '/api/MeasureIt/GetProperty', { ...IRENE, confirm: true });
  await page.goto('/');
  await fillSignIn(page, 'measurer', DEMO_PASSWORD);
  await page.waitForURL(/\/editMeasureIt\?/, SERVER);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    sqldbid: String(IRENE.sqldbid),
    id: String(IRENE.customerNo),
  });
  // The edit screen opens the measurement the measurer still holds (no question: the lock is theirs).
  await expect(page.getByTestId('measure-total')).toBeVisible(SERVER);
  // And says why the measurer is here, as a resumed call does.
  const notice = page.getByTestId('resumed-measurement-notice');
  await expect(notice).toContainText('Back to the measurement you left');
  await expect(notice).toContainText('left it without saving or cancelling it');
  await shot(page, 'measureit-resumed');
  // Once per sign-in: a reload does not say it again.
  await page.reload();
  await expect(page.getByTestId('measure-total')).toBeVisible(SERVER);
  await expect(notice).toHaveCount(0);
});

// Leaving a call saves it for its user, and a MeasureIt lock sends its user back to the edit screen: release both so
// that other journeys start clean.
test.afterEach(async ({ request }) => {
  for (const [username, call] of [
    ['admin', IRENE],
    ['csr.cof', { sqldbid: 17501, customerNo: 1005 }],
  ] as const) {
    const token = await apiToken(request, username);
    await request.post('/api/call-center/call-inactive', {
      headers: { Authorization: `Bearer ${token}` },
      data: { sqldbid: call.sqldbid, customerNo: call.customerNo, save: false },
    });
  }
  await releaseMeasurement(request, 'admin');
  await releaseMeasurement(request, 'measurer');
});
