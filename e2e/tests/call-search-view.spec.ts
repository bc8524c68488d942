import { expectAxeClean } from './axe.js';
import { expect, test, type APIRequestContext } from './fixtures.js';
import { apiToken, DEMO_PASSWORD, forgetSavedCall, SERVER, shot, signIn } from './helpers.js';

/*
 * A call opened from Call Search is looked at, not taken (decision 066): the supervisor sees the call, its customer
 * and the history read-only, no lock is taken and nothing is written; 'Work this call' opens it on the call screen
 * under every rule of opening a call, so a call another user holds answers 'Active Call Encountered'.
 */

interface Held {
  sqldbid: number;
  customerNo: number;
}
let held: Held | null = null;

async function post(request: APIRequestContext, token: string, path: string, data: object) {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

test.afterEach(async ({ request, context }) => {
  await context.close();
  if (held) {
    const admin = await apiToken(request, 'admin');
    await post(request, admin, '/api/call-center/call-inactive', { ...held, save: false });
    held = null;
  }
  await forgetSavedCall(request, 'supervisor', DEMO_PASSWORD);
});

test('a supervisor opens a row of Call Search: read-only, no lock; working it follows the rules of opening a call', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'supervisor');
  const opens: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(call-center\/(call-active|call-inactive|call-status)|currentcall\/)/.test(r.url()))
      opens.push(r.url());
  });
  await page.goto('/call-center/callSearch?uncompleted=1&types=Cancel');
  const grid = page.getByTestId('call-search-grid');
  const first = grid.locator('[role="row"][row-index="0"]').first();
  await expect(first).toBeVisible(SERVER);
  const outboundId = (await first.locator('[col-id="OutboundId"]').textContent())?.trim() ?? '';
  const custNo = Number((await first.locator('[col-id="cust_No"]').textContent())?.trim());
  await first.click();

  const view = page.getByRole('dialog', { name: new RegExp(`^Call ${outboundId}:`) });
  await expect(view.getByTestId('call-view-read-only')).toHaveText('Read-only: looking does not take the call');
  await expect(view.getByTestId('call-view-call')).toContainText('Cancel Calls');
  await expect(view.getByTestId('call-view-customer')).toContainText(String(custNo), SERVER);
  await expect(view.getByRole('heading', { name: 'Call history' })).toBeVisible();
  await expect(view.getByTestId('call-view-history').or(view.getByText('No calls on record.'))).toBeVisible();
  // Nothing of the call screen is offered here: no Cancel Call, no End Call, no result to pick.
  await expect(view.getByRole('button', { name: /Cancel Call|End Call/ })).toHaveCount(0);
  await expect(view.getByRole('combobox')).toHaveCount(0);
  await expect(page).toHaveURL(/\/call-center\/callSearch\?/);
  await shot(page, 'call-search-view');
  await expectAxeClean(page, 'a call looked at from Call Search');

  // Looking took no lock and opened nothing.
  expect(opens).toEqual([]);
  const body = await (
    await page.request.get(`/api/call-search/calls/${outboundId}`, {
      headers: { Authorization: `Bearer ${await apiToken(request, 'supervisor')}` },
    })
  ).json();
  const call = (body as { call: { SQLDBID: number; cust_No: number; Type: string } }).call;
  const admin = await apiToken(request, 'admin');
  const customer = { sqldbid: call.SQLDBID, customerNo: call.cust_No };
  expect(await post(request, admin, '/api/call-center/isCallActive', customer)).toMatchObject({ isActive: false });

  // Another user takes the call; the view still shows it, and working it meets the rule of opening a call.
  await post(request, admin, '/api/call-center/call-active', {
    ...customer,
    callType: call.Type,
    outboundId: Number(outboundId),
  });
  held = customer;
  await view.getByRole('button', { name: 'Work this call' }).click();
  const active = page.getByRole('dialog', { name: 'Active Call Encountered' });
  await expect(active).toContainText('Sorry, but this call is currently active...', SERVER);
  await shot(page, 'call-search-view-work-active');
  const lock = await post(request, admin, '/api/call-center/isCallActive', customer);
  expect(lock).toMatchObject({ isActive: true, mine: true });
});
