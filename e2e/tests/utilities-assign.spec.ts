/**
 * Assign Service Reps and Reassign Callbacks (administration.md §2, §8; decision 031): give a
 * list to a CSR, mark it complete, take the assignment back, with every confirm's cancel toast; move a CSR's
 * callbacks of one day to another CSR; both dialogs pass axe.
 *
 * What this leaves behind in the worker's database: one CustomerSurvey list (a type no other journey reads) marked
 * complete. The moved callbacks are given back to their CSR at the end, and the assignment is deleted.
 */
import { expectAxeCleanSoft } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import { chooseOption, pageSession, SERVER, shot, signIn, toastComing } from './helpers.js';

const MONTHS = [
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

interface Group {
  assignmentId: number | null;
  branch: string;
  type: string;
  source: string;
  openCalls: number;
  userId: number | null;
}
interface Callback {
  OutboundId: number;
  callBackCSR: number | null;
  callBackDate: string | null;
}

const expectAccessible = (page: Page, what: string) => expectAxeCleanSoft(page, what);

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const { token } = await pageSession(page);
  const headers = { Authorization: `Bearer ${token}` };
  const response =
    method === 'GET' ? await page.request.get(path, { headers }) : await page.request.post(path, { headers, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

const userIdOf = async (page: Page, username: string) =>
  (await api<{ id: number; username: string }[]>(page, 'GET', '/api/Utilities/GetSCCDbUsers')).find(
    (u) => u.username === username,
  )!.id;

const choose = (page: Page, label: string, option: string | RegExp) =>
  chooseOption(page, page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }), option);

async function openUtility(page: Page, key: string, title: string) {
  await page.getByTestId(`open-${key}`).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible(SERVER);
  return dialog;
}

test('assign a list to a CSR, mark it complete and delete the assignment; every confirm can be cancelled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin');
  await page.goto('/call-center/Utilities');
  // The smallest open CustomerSurvey list nobody has yet.
  const groups = await api<Group[]>(page, 'GET', '/api/Utilities/GetAllAssignments');
  const group = groups
    .filter(
      (g) =>
        g.type === 'CustomerSurvey' && g.source === 'Outbound-CustomerSurvey' && g.userId === null && g.openCalls > 0,
    )
    .sort((a, b) => a.openCalls - b.openCalls)[0]!;
  const label = `${group.branch} ${group.type} ${group.source}`;

  const dialog = await openUtility(page, 'assign', 'Assign Service Reps');
  const grid = dialog.getByTestId('assignments-grid');
  await expect(grid.locator('.ag-row').first()).toBeVisible(SERVER);
  await expectAccessible(page, 'Assign Service Reps');
  await shot(page, 'utilities-assign');

  await dialog.getByRole('textbox', { name: 'Branch' }).fill(group.branch.toLowerCase());
  await choose(page, 'Source', group.source);
  await expect(dialog.getByText('1 list', { exact: true })).toBeVisible();
  const row = grid.locator('.ag-row[row-index="0"]');
  await expect(row.locator('[role="gridcell"][col-id="openCalls"]')).toHaveText(String(group.openCalls));
  await row.locator('[role="gridcell"][col-id="branch"]').click();
  await expect(dialog.getByTestId('selected-list')).toHaveText(`${group.branch} · ${group.type} · ${group.source}`);

  await choose(page, 'CSR', 'Casey Corbin (csr.corporate)');
  const updated = toastComing(page, `CSR Successfully Updated for Assignment ${label}`);
  await dialog.getByRole('button', { name: 'Assign CSR' }).click();
  await updated;
  await expect(row.locator('[role="gridcell"][col-id="csrName"]')).toHaveText('Casey Corbin', SERVER);
  await shot(page, 'utilities-assign-assigned');
  // The list is the assigned CSR's now: gone from the administrator's own Customer Survey list.
  const adminList = await api<{ data: { branchNo: string; CallSource: string }[] }>(
    page,
    'GET',
    `/api/call-center/outbound/CustomerSurvey?pageSize=1500&branches=${group.branch}`,
  );
  expect(adminList.data.filter((r) => r.CallSource === group.source)).toEqual([]);

  // Mark List Complete: No first, then Yes.
  await dialog.getByRole('button', { name: 'Mark List Complete' }).click();
  let confirm = page.getByRole('dialog', { name: 'Mark List Complete' });
  await expect(confirm).toContainText(`Its ${group.openCalls} open`);
  await expectAccessible(page, 'Mark List Complete confirm');
  const markCancelled = toastComing(page, 'Mark List Complete Cancelled...');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await markCancelled;
  await dialog.getByRole('button', { name: 'Mark List Complete' }).click();
  confirm = page.getByRole('dialog', { name: 'Mark List Complete' });
  const marked = toastComing(page, 'Mark List Complete Succeeded!');
  await confirm.getByRole('button', { name: 'Mark Complete' }).click();
  await marked;
  await expect(row.locator('[role="gridcell"][col-id="callComplete"]')).toHaveText('Yes', SERVER);
  await expect(row.locator('[role="gridcell"][col-id="openCalls"]')).toHaveText('0');

  // Delete the assignment: No first, then Yes; the finished, unassigned list leaves the grid.
  await dialog.getByRole('button', { name: 'Delete Assignment' }).click();
  let del = page.getByRole('dialog', { name: 'Delete CSR Assignment' });
  const deleteCancelled = toastComing(page, 'Delete CSR Assignment Cancelled...');
  await del.getByRole('button', { name: 'Cancel' }).click();
  await deleteCancelled;
  await dialog.getByRole('button', { name: 'Delete Assignment' }).click();
  del = page.getByRole('dialog', { name: 'Delete CSR Assignment' });
  const deleted = toastComing(page, 'Assignment Successfully Deleted.');
  await del.getByRole('button', { name: 'Delete' }).click();
  await deleted;
  await expect(dialog.getByText('0 lists', { exact: true })).toBeVisible(SERVER);
  const after = await api<Group[]>(page, 'GET', '/api/Utilities/GetAllAssignments');
  expect(
    after.find((g) => g.branch === group.branch && g.type === group.type && g.source === group.source),
  ).toBeUndefined();

  // Closed after a change: no cancel toast. Opened and closed without one: the cancel toast.
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Assign Service Reps Cancelled...' })).toHaveCount(0);
  const again = await openUtility(page, 'assign', 'Assign Service Reps');
  const cancelled = toastComing(page, 'Assign Service Reps Cancelled...');
  await page.keyboard.press('Escape');
  await cancelled;
  await expect(again).toBeHidden();
});

test("reassign one day of a CSR's callbacks to another CSR", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin');
  await page.goto('/call-center/Utilities');
  const cof = await userIdOf(page, 'csr.cof');
  const corporate = await userIdOf(page, 'csr.corporate');
  const theirs = await api<{ data: Callback[] }>(page, 'GET', `/api/Utilities/GetCallbacks?csr=${cof}`);
  // The day with the fewest (but more than one) of csr.cof's callbacks.
  const byDay = new Map<string, Callback[]>();
  for (const c of theirs.data) {
    const day = c.callBackDate!.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), c]);
  }
  const [day, moving] = [...byDay.entries()]
    .filter(([, c]) => c.length > 1)
    .sort((a, b) => a[1].length - b[1].length)[0]!;
  expect(moving.length).toBeGreaterThan(1);

  try {
    const dialog = await openUtility(page, 'callbacks', 'Reassign Callbacks');
    const grid = dialog.getByTestId('callbacks-grid');
    await expect(grid.locator('.ag-row').first()).toBeVisible(SERVER);
    await expectAccessible(page, 'Reassign Callbacks');

    await choose(page, 'CSR', /^Jordan Owens \(csr\.cof\)/);
    // One whole day in the range picker.
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const monthLabel = `${MONTHS[month - 1]} ${year}`;
    await dialog.getByRole('button', { name: 'Callback date', exact: true }).click();
    const level = page.getByRole('button', { name: 'Choose a month' });
    await expect(level).toBeVisible();
    for (let i = 0; i < 24 && (await level.textContent()) !== monthLabel; i++) {
      const [shownMonth, shownYear] = ((await level.textContent()) ?? '').split(' ');
      const before = Number(shownYear) * 12 + MONTHS.indexOf(shownMonth ?? '') > year * 12 + month - 1;
      await page.getByRole('button', { name: before ? 'Previous month' : 'Next month' }).click();
    }
    const dayButton = page.getByRole('button', { name: `${date} ${monthLabel}`, exact: true });
    await dayButton.click();
    await dayButton.click();
    await expect(level).toBeHidden();

    const n = moving.length;
    await expect(dialog.getByText(`${n} callbacks`, { exact: true })).toBeVisible(SERVER);
    await expect(grid.locator('.ag-row[row-index="0"] [col-id="callBackCSRName"]')).toHaveText('Jordan Owens');
    for (const cell of await grid.locator('[role="gridcell"][col-id="callBackCSRName"]').all()) {
      await expect(cell).toHaveText('Jordan Owens');
    }
    // Phone numbers as the rest of the app shows them, never raw digits.
    const phones = await grid.locator('[role="gridcell"][col-id="Phone"]').allTextContents();
    expect(phones.some((p) => /^\(\d{3}\) \d{3}-\d{4}$/.test(p))).toBe(true);
    expect(phones.filter((p) => /^\d{10}$/.test(p))).toEqual([]);
    // The selection checkboxes say what they do, not the grid library's 'Column with Header Selection'.
    await expect(grid.getByRole('checkbox', { name: /^Select this row/ })).toHaveCount(n);
    await expect(grid.getByRole('checkbox', { name: 'Column with Header Selection' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Clear the range: Callback date' })).toBeVisible();
    await expectAccessible(page, 'Reassign Callbacks with its filters set');
    await grid.getByRole('checkbox', { name: 'Select every row' }).click();
    await expect(dialog.getByTestId('callbacks-selected')).toHaveText(`${n} selected`);
    await choose(page, 'Give to CSR', 'Casey Corbin (csr.corporate)');
    await shot(page, 'utilities-callbacks');
    const moved = toastComing(page, `${n} Callback(s) Successfully Reassigned!`);
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await moved;
    // They are no longer csr.cof's: the filtered grid empties.
    await expect(dialog.getByText('0 callbacks', { exact: true })).toBeVisible(SERVER);
    const now = await api<{ data: Callback[] }>(
      page,
      'GET',
      `/api/Utilities/GetCallbacks?csr=${corporate}&from=${day}&to=${day}`,
    );
    expect(now.data.map((c) => c.OutboundId).sort()).toEqual(
      expect.arrayContaining(moving.map((c) => c.OutboundId).sort()),
    );
    await shot(page, 'utilities-callbacks-done');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();

    // Opened and closed without reassigning: the cancel toast.
    await openUtility(page, 'callbacks', 'Reassign Callbacks');
    const cancelled = toastComing(page, 'Reassign Callbacks Cancelled...');
    await page.keyboard.press('Escape');
    await cancelled;
  } finally {
    // Give them back, so other journeys find csr.cof's callbacks as the seed made them.
    await api(page, 'POST', '/api/Utilities/updateCallbacks', {
      rows: moving.map((c) => ({ OutboundId: c.OutboundId, callBackCSR: cof })),
    });
  }
});
