/**
 * The demo's corporate supervisor runs the floor's lists in the utilities (decision 065): it gives a company-owned
 * list (SLI010) to a CSR and takes it back, and opens a company-owned franchise in Franchise Maintenance; Reassign
 * Callbacks' CSR filter offers the CSRs who hold callbacks — a CSR who has left included — and their callbacks move
 * on; a range resend that finds no failed email says that nothing was re-sent, and the dialog stays open.
 *
 * What this leaves behind in the worker's database: one inactive CSR (unique name) whose one callback has moved to
 * Casey Corbin, and today's failed emails (if any) queued again.
 */
import { expectAxeCleanSoft } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import {
  chooseOption,
  DEMO_PASSWORD,
  pageSession,
  SERVER,
  shot,
  signIn,
  toastComing,
  uniqueUsername,
} from './helpers.js';

interface Group {
  assignmentId: number | null;
  branch: string;
  type: string;
  source: string;
  openCalls: number;
  userId: number | null;
}

async function api<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown, token?: string) {
  const bearer = token ?? (await pageSession(page)).token;
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${bearer}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

async function tokenOf(page: Page, username: string): Promise<string> {
  const response = await page.request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

const choose = (page: Page, label: string, option: string | RegExp) =>
  chooseOption(page, page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }), option);

async function openUtility(page: Page, key: string, title: string) {
  await page.getByTestId(`open-${key}`).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible(SERVER);
  return dialog;
}

test('the corporate supervisor gives a company-owned list out and opens a company-owned franchise', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'supervisor');
  await page.goto('/call-center/Utilities');
  const groups = await api<Group[]>(page, 'GET', '/api/Utilities/GetAllAssignments');
  const group = groups
    .filter((g) => g.branch === 'SLI010' && g.userId === null && g.openCalls > 0 && g.source.startsWith('Outbound-'))
    .sort((a, b) => a.openCalls - b.openCalls)[0]!;
  expect(group).toBeDefined();
  const label = `${group.branch} ${group.type} ${group.source}`;

  let dialog = await openUtility(page, 'assign', 'Assign Service Reps');
  const grid = dialog.getByTestId('assignments-grid');
  await expect(grid.locator('.ag-row').first()).toBeVisible(SERVER);
  await dialog.getByRole('textbox', { name: 'Branch' }).fill('sli010');
  await choose(page, 'Source', group.source);
  await expect(dialog.getByText('1 list', { exact: true })).toBeVisible();
  const row = grid.locator('.ag-row[row-index="0"]');
  await expect(row.locator('[role="gridcell"][col-id="openCalls"]')).toHaveText(String(group.openCalls));
  await row.locator('[role="gridcell"][col-id="branch"]').click();
  await choose(page, 'CSR', 'Jordan Owens (csr.cof)');
  const updated = toastComing(page, `CSR Successfully Updated for Assignment ${label}`);
  await dialog.getByRole('button', { name: 'Assign CSR' }).click();
  await updated;
  await expect(row.locator('[role="gridcell"][col-id="csrName"]')).toHaveText('Jordan Owens', SERVER);
  await shot(page, 'utilities-supervisor-cof-assigned');
  await expectAxeCleanSoft(page, 'Assign Service Reps, a company-owned list');
  // Taken back, so the list is everyone's again.
  await dialog.getByRole('button', { name: 'Delete Assignment' }).click();
  const deleted = toastComing(page, 'Assignment Successfully Deleted.');
  await page.getByRole('dialog', { name: 'Delete CSR Assignment' }).getByRole('button', { name: 'Delete' }).click();
  await deleted;
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  dialog = await openUtility(page, 'franchise-maintenance', 'Franchise Maintenance');
  await dialog.getByRole('combobox', { name: 'Franchise' }).fill('Spring Green');
  await page.getByRole('option', { name: /\(17501\)$/ }).click();
  await expect(dialog.getByRole('combobox', { name: 'Branch' })).toHaveValue('SLI010');
  await expect(dialog.getByTestId('company-config').getByLabel('Web Leads Start')).toHaveValue(/^\d\d:\d\d$/, SERVER);
  await shot(page, 'utilities-supervisor-cof-franchise');
});

test('Reassign Callbacks: the filter offers the CSR who holds the callbacks, one who has left included', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // A corporate CSR is given one callback, then leaves: inactive, no longer a CSR work may be given to.
  const admin = await tokenOf(page, 'admin');
  const username = uniqueUsername('leaver');
  const password = 'Leaver-pass1!';
  const created = await api<{ user: { UserId: number } }>(
    page,
    'POST',
    '/api/users/user/',
    {
      Username: username,
      FirstName: 'Lee',
      LastName: 'Leaver',
      Email: `${username}@example.com`,
      BrandId: 3,
      CompanyId: 1,
      RoleId: 3,
      allowCorporate: true,
      password,
      confirmPassword: password,
    },
    admin,
  );
  const leaver = created.user.UserId;
  const [callback] = (
    await api<{ data: { OutboundId: number }[] }>(page, 'GET', '/api/Utilities/GetCallbacks', undefined, admin)
  ).data;
  await api(
    page,
    'POST',
    '/api/Utilities/updateCallbacks',
    {
      rows: [{ OutboundId: callback!.OutboundId, callBackCSR: leaver }],
    },
    admin,
  );
  await api(page, 'DELETE', `/api/user/${leaver}`, undefined, admin);

  await signIn(page, 'supervisor');
  await page.goto('/call-center/Utilities');
  const dialog = await openUtility(page, 'callbacks', 'Reassign Callbacks');
  const grid = dialog.getByTestId('callbacks-grid');
  await expect(grid.locator('.ag-row').first()).toBeVisible(SERVER);
  const filter = dialog.getByRole('combobox', { name: 'CSR', exact: true });
  await filter.click();
  await expect(page.getByRole('option', { name: /^Riley Franks \(csr\.franchise\) \d+ callbacks?$/ })).toBeVisible();
  const option = page.getByRole('option', { name: `Lee Leaver (${username}) 1 callback`, exact: true });
  await expect(option).toBeVisible();
  await shot(page, 'utilities-callbacks-holders');
  await option.click();
  await expect(dialog.getByText('1 callback', { exact: true })).toBeVisible(SERVER);
  await expectAxeCleanSoft(page, 'Reassign Callbacks, filtered to a CSR who has left');
  await expect(grid.locator('.ag-row[row-index="0"] [col-id="callBackCSRName"]')).toHaveText('Lee Leaver');
  await grid.locator('.ag-header-select-all input[type="checkbox"]').click();
  await choose(page, 'Give to CSR', 'Casey Corbin (csr.corporate)');
  const moved = toastComing(page, '1 Callback(s) Successfully Reassigned!');
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await moved;
  // The leaver holds none now, and stays chosen in the filter until another is picked.
  await expect(dialog.getByText('0 callbacks', { exact: true })).toBeVisible(SERVER);
  await expect(filter).toHaveValue(`Lee Leaver (${username})`);
});

test('Resend Emails: a range with no failed email says nothing was re-sent, and the dialog stays open', async ({
  page,
}) => {
  await signIn(page, 'supervisor');
  // Whatever failed today goes again first, so today's range holds no failed email when the button is pressed.
  const first = await api<{ startDate: string; resent: number }>(page, 'POST', '/api/Utilities/ResendEmails', {});
  const today = first.startDate;
  await page.goto('/call-center/Utilities');
  const dialog = await openUtility(page, 'resend-emails', 'Resend Emails');
  const isResend = (url: string) => url.endsWith('/api/Utilities/ResendEmails');
  const sent = page.waitForRequest((r) => isResend(r.url()));
  const answered = page.waitForResponse((r) => isResend(r.url()));
  // The toast is watched from before the click (it lasts 3 s), but its time-out is read only once the answer is in:
  // a journey that stalls then fails at the step that stalled, the click that sent nothing or the answer that never
  // came, not at a toast that could not come before either.
  const nothing = toastComing(page, `No failed emails on ${today}: nothing was re-sent.`).then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  await dialog.getByRole('button', { name: 'Resend Failed Emails' }).click();
  await sent;
  expect(await (await answered).json()).toMatchObject({ startDate: today, endDate: today, resent: 0 });
  const missed = await nothing;
  if (missed) throw missed;
  await expect(page.getByRole('alert').filter({ hasText: 'Bad Emails Have Been Re-Sent' })).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await shot(page, 'utilities-resend-nothing');
  // Nothing was resent: closing it is the spec's cancel.
  const cancelled = toastComing(page, 'Cancelled Email Resend...');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await cancelled;
});
