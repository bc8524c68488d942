/**
 * MeasureIt Utilities (administration.md §3, §5; decisions 041, 044): a custom search list from an
 * ISO-8859-1 CSV file, its preview's figures (found, not found or outside the scope, dropped), the import and its
 * text, then the list renamed, offered by the search, and deleted.
 */
import { expectAxeClean } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import { SERVER, shot, signIn, toast } from './helpers.js';
import { tokenOf } from './measureit-support.js';

const axeClean = (page: Page) => expectAxeClean(page, 'MeasureIt utilities');

test('a custom search list previewed, imported, renamed, offered by the search and deleted', async ({
  page,
  request,
}) => {
  const admin = { authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const search = await request.post('/api/InboundCall/SearchCustomers', {
    headers: admin,
    data: { branchno: 'PB181', lastname: 'B', pageSize: 2 },
  });
  const found = ((await search.json()) as { rows: { AccountNo: number }[] }).rows.map((r) => r.AccountNo);
  expect(found).toHaveLength(2);
  // ISO-8859-1, a column of its own that the import ignores (with a character outside ASCII), Windows line ends.
  const file = Buffer.from(
    [
      'Notes,BranchNo,CustNo',
      `Müller,PB181,${found[0]}`,
      `Señora,PB181,${found[1]}`,
      'Nobody,PB181,999999998',
      'Elsewhere,ZZ999,5',
      'Bad,PB181,abc',
    ].join('\r\n') + '\r\n',
    'latin1',
  );

  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page, 'admin');
  await page.getByTestId('app-measureItUtilities').click();
  await expect(page).toHaveURL(/\/measureItUtilities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'MeasureIt Utilities' })).toBeVisible();

  const name = `E2E list ${Date.now().toString(36)}`;
  await page.getByTestId('custom-list-file').click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'spring.csv', mimeType: 'text/csv', buffer: file });
  await expect(page.getByTestId('custom-list-name')).toHaveValue('spring');
  await page.getByTestId('custom-list-name').fill(name);
  await page.getByTestId('custom-list-preview').click();
  await expect(page.getByTestId('csv-preview')).toContainText('ISO-8859-1', SERVER);
  await expect(page.getByTestId('csv-preview')).toContainText('5 rows');
  await expect(page.getByTestId('preview-found')).toHaveText('2');
  const notFound = Number(await page.getByTestId('preview-not-found').textContent());
  const outside = Number(await page.getByTestId('preview-outside-scope').textContent());
  expect(notFound + outside).toBe(2);
  expect(notFound).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('preview-dropped')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Rows not imported' })).toContainText('999999998');
  await shot(page, 'measureit-utilities-preview');
  await axeClean(page);

  await page.getByTestId('custom-list-import').click();
  await expect(toast(page, 'MeasureIt Customer Search List Successfully Imported!')).toBeVisible(SERVER);
  const row = page.getByTestId('custom-lists').getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');

  // Renamed.
  await row.getByRole('button', { name: `Rename ${name}` }).click();
  const renamed = `${name} renamed`;
  await page.getByTestId('rename-list-name').fill(renamed);
  await page.getByRole('dialog', { name: 'Rename the list' }).getByRole('button', { name: 'Rename' }).click();
  const renamedRow = page.getByTestId('custom-lists').getByRole('row', { name: new RegExp(renamed) });
  await expect(renamedRow).toBeVisible(SERVER);
  await shot(page, 'measureit-utilities-lists');
  await axeClean(page);

  // The search offers it, and narrows to its customers.
  await page.goto('/searchMeasureIt?mode=Both');
  await page.getByTestId('filter-list').click();
  await page.getByRole('option', { name: new RegExp(renamed) }).click();
  await expect(page).toHaveURL(/list=\d+/);
  await expect
    .poll(
      async () =>
        new Set(
          (
            await page
              .getByTestId('measureit-search-grid')
              .locator('[role="gridcell"][col-id="custNo"]')
              .allTextContents()
          )
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      SERVER,
    )
    .toEqual(new Set(found.map(String)));

  // Deleted, after a confirmation.
  await page.goto('/measureItUtilities');
  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog', { name: 'Delete the list' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'The list was deleted.')).toBeVisible(SERVER);
  await expect(renamedRow).toHaveCount(0);
});

test('a file without the columns is refused with the import’s error', async ({ page }) => {
  await signIn(page, 'supervisor');
  await page.goto('/measureItUtilities');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'wrong.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Branch,Customer\r\nPB181,1\r\n', 'latin1'),
  });
  await page.getByTestId('custom-list-preview').click();
  await expect(page.getByTestId('custom-list-error')).toContainText(/BranchNo|CustNo|file/, SERVER);
  await expect(page.getByTestId('custom-list-import')).toBeDisabled();
});
