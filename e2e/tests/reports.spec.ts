import fs from 'node:fs';
import { CALL_TIME_ZONE, floorPeriods, formatLocalDateTime } from '@cc/domain';
import type { ReportResponse } from '@cc/contract';
import { expectAxeClean, TOASTS } from './axe.js';
import { expect, test, type APIRequestContext } from './fixtures.js';
import { DEMO_PASSWORD, SERVER, shot, signIn, toast } from './helpers.js';

/**
 * The supervisor's numbers (docs/decisions/082-report-definitions.md), at 1366x768 and 1920x1080: csr.franchise ends
 * two calls through the API, opened three and five minutes before; the supervisor's report of today by CSR shows
 * Riley Franks with two more calls handled than before them, the figures the API answers (which the API's tests hold
 * to SQL), and the CSV carries the same line. A CSR is offered no reports. Customers: Margaret Thornbury and Dale
 * Okonkwo (csr.franchise).
 */

test.use({ viewport: { width: 1366, height: 768 } });

const CUSTOMERS = [
  { sqldbid: 18001, customerNo: 1001, result: 'Information Only', minutes: 3 },
  { sqldbid: 18001, customerNo: 1002, result: 'Not Interested', minutes: 5 },
];

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function reportOf(request: APIRequestContext, token: string, query: string): Promise<ReportResponse> {
  const response = await request.get(`/api/supervisor/reports?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ReportResponse;
}

/** Hold the customer's call as the screen does, then end it, opened `minutes` before now. */
async function endCall(request: APIRequestContext, token: string, c: (typeof CUSTOMERS)[number]) {
  const headers = { Authorization: `Bearer ${token}` };
  const customer = { sqldbid: c.sqldbid, customerNo: c.customerNo };
  const held = await request.post('/api/call-center/call-active', {
    headers,
    data: { ...customer, callType: 'Inbound' },
  });
  expect(held.ok(), await held.text()).toBe(true);
  const callStart = formatLocalDateTime(new Date(Date.now() - c.minutes * 60_000), CALL_TIME_ZONE);
  const ended = await request.post('/api/call-center/end-call', {
    headers,
    data: { idempotencyKey: crypto.randomUUID(), ...customer, callType: 'Inbound', result: c.result, callStart },
  });
  expect(ended.ok(), await ended.text()).toBe(true);
}

test('the report counts the calls just made, as the API and the CSV do', async ({ page, request }) => {
  test.setTimeout(240_000);
  const today = floorPeriods(new Date()).today;
  const query = `from=${today}&to=${today}&groupBy=csr&interval=day`;
  const supervisor = await tokenOf(request, 'supervisor');
  const riley = (r: ReportResponse) => r.groups.find((g) => g.label === 'Riley Franks');
  const before = riley(await reportOf(request, supervisor, query))?.calls ?? 0;

  const csr = await tokenOf(request, 'csr.franchise');
  for (const c of CUSTOMERS) await endCall(request, csr, c);
  const after = await reportOf(request, supervisor, query);
  const row = riley(after)!;
  expect(row.calls).toBe(before + 2);

  await signIn(page, 'supervisor');
  await page.getByRole('banner').getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/call-center\/reports/);
  await page.goto(`/call-center/reports?${query}`);
  const table = page.getByTestId('report-table');
  const line = table.locator('[data-group="Riley Franks"]');
  await expect(line.locator('[data-column="Calls handled"]')).toHaveText((before + 2).toLocaleString('en-US'), SERVER);
  const minutes = Math.floor(row.averageHandleSeconds! / 60);
  const seconds = String(row.averageHandleSeconds! % 60).padStart(2, '0');
  await expect(line.locator('[data-column="Avg handle time"]')).toHaveText(`${minutes}:${seconds}`);
  await expect(line.locator('[data-column="Sales"]')).toHaveText(row.sales.toLocaleString('en-US'));
  await expect(page.getByTestId('report-total-calls')).toHaveText(after.total.calls.toLocaleString('en-US'));
  await expect(page.getByRole('heading', { name: 'Hours in each state per day' })).toBeVisible();
  await expectAxeClean(page, 'the reports', { exclude: TOASTS });
  await shot(page, 'reports-1366');

  // The CSV: the same line for the CSR.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8');
  expect(csv.split('\r\n').find((l) => l.startsWith('Riley Franks,'))).toMatch(
    new RegExp(`^Riley Franks,${today} to ${today},${before + 2},${row.averageHandleSeconds},`),
  );

  // By call type: the calls are among the Inbound Calls.
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Call type' }).click();
  await expect(table.locator('[data-group="Inbound Calls"]')).toBeVisible(SERVER);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expectAxeClean(page, 'the reports by call type', { exclude: TOASTS });
  await shot(page, 'reports-1920');
});

test('a CSR is offered no reports, and is refused them', async ({ page }) => {
  await signIn(page, 'csr.franchise');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await page.goto('/call-center/reports');
  await expect(toast(page, 'Access Denied.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
