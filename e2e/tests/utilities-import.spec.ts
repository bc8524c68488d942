import fs from 'node:fs';
import { expectAxeClean } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import { chooseOption, shot, signIn, toast, toastComing } from './helpers.js';

/**
 * Import CSV (decision 030): a supervisor chooses a file, sees what will happen (rows to add,
 * repeats and bad rows dropped with their reasons, the problems as a CSV download) with a progress bar while the
 * file uploads and is checked, imports it, and importing it again adds nothing. The file is a Customer Survey list
 * of Pickens (PB171, customer 1007), whose survey list no other journey reads.
 */
const REPEATS = 25_000;

function surveyFile(service: string): Buffer {
  const header =
    'Branch Num,Cust Num,First Name,Last Name,Street,City,State,Zip,Phone,Service,Service Date,Call Source';
  const row = `PB171,1007,Zoë,Müller,"12 Elm St, Apt 4",Des Moines,IA,50309,5155550100,${service},12/01/2026,Survey List`;
  const lines = [header, row, ...Array.from({ length: REPEATS }, () => row)];
  lines.push('PB171,1007,Too,Few,Columns');
  lines.push(`ZZ999,1007,Nobody,Here,1 Main St,Town,IA,50309,,${service},12/01/2026,Survey List`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

async function openImport(page: Page) {
  await page.goto('/call-center/Utilities');
  await page.getByTestId('open-import-csv').click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseFile(page: Page, buffer: Buffer, name = 'pickens-survey.csv') {
  await page.getByRole('dialog').locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer,
  });
}

const chooseCallType = (page: Page, label: string) =>
  chooseOption(page, page.getByRole('combobox', { name: 'Call type' }), label);

test('a supervisor previews a file, sees its problems and progress, imports it; again adds nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const service = `Survey ${Date.now()}`;
  const file = surveyFile(service);
  await signIn(page, 'supervisor');
  const dialog = await openImport(page);
  await chooseCallType(page, 'Customer Survey');
  await chooseFile(page, file);
  await expect(dialog.getByText(/Columns of a Customer Survey file: Branch Num, Cust Num/)).toBeVisible();

  // Preview: a progress bar while the file goes up and is checked, then the counts and the dropped rows.
  await dialog.getByTestId('import-preview').click();
  await expect(dialog.getByTestId('csv-progress')).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await shot(page, 'utilities-import-progress');
  await expect(dialog.getByTestId('csv-preview')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByTestId('preview-to-add')).toHaveText('1');
  await expect(dialog.getByTestId('preview-already')).toHaveText('0');
  await expect(dialog.getByTestId('preview-dropped')).toHaveText((REPEATS + 2).toLocaleString('en-US'));
  await expect(dialog.getByRole('cell', { name: 'repeats line 2' }).first()).toBeVisible();
  await expect(
    dialog.getByText(`The first 1,000 of ${(REPEATS + 2).toLocaleString('en-US')} dropped rows`),
  ).toBeVisible();
  await expect(dialog.getByText('ISO-8859-1', { exact: true })).toBeVisible();
  await expectAxeClean(page, 'the preview', { include: '[role="dialog"]' });
  // The supervisor's corporate theme, with the pointer on the light download button (its hover tint is darker).
  await expectAxeClean(page, 'the preview, the download button hovered', {
    include: '[role="dialog"]',
    hover: dialog.getByRole('button', { name: 'Download problems (CSV)' }),
  });
  await shot(page, 'utilities-import-preview');

  // The whole problems list as CSV.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download problems (CSV)' }).click();
  const download = await downloading;
  const text = fs.readFileSync((await download.path()) ?? '', 'utf8');
  const lines = text
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Line,Reason,Branch,Customer,Name');
  expect(lines).toHaveLength(1 + REPEATS + 2);
  expect(lines).toContain(`${REPEATS + 3},wrong column count: 5 instead of 12,PB171,1007,Too Few`);
  expect(lines.at(-1)).toBe(`${REPEATS + 4},unknown branch ZZ999,ZZ999,1007,Nobody Here`);

  // Import: the toast, and the dialog closes.
  const imported = toastComing(page, 'Outbound Calls Successfully Imported!');
  await dialog.getByRole('button', { name: 'Import 1 row' }).click();
  await imported;
  await expect(dialog).toBeHidden();

  // The same file again: everything is already there, so there is nothing to import; cancelling says so.
  const again = await openImport(page);
  await chooseCallType(page, 'Customer Survey');
  await chooseFile(page, file);
  await again.getByTestId('import-preview').click();
  await expect(again.getByTestId('preview-already')).toHaveText('1', { timeout: 60_000 });
  await expect(again.getByTestId('preview-to-add')).toHaveText('0');
  await expect(again.getByRole('button', { name: 'Import 0 rows' })).toBeDisabled();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Import Outbound Calls Cancelled...')).toBeVisible();
  await expect(again).toBeHidden();
});

test('by franchise: the franchise and its flag codes; a bad file is refused with its reason', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin');
  const dialog = await openImport(page);
  // An Upsell file names no branch: it is imported by franchise.
  await chooseCallType(page, 'Upsell');
  await expect(dialog.getByRole('checkbox', { name: 'Import by franchise' })).toBeChecked();
  await expect(dialog.getByText('An Upsell file names no branch: choose its franchise.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Franchise' }).click();
  await page.getByRole('option', { name: /\(PB171, 18008\)/ }).click();
  // The pills field around the input takes the click.
  await dialog.locator('.mantine-MultiSelect-input').first().click();
  await expect(page.getByRole('option', { name: /^VIP – Valued customer/ })).toBeVisible();
  await page.getByRole('option', { name: /^VIP – / }).click();
  await dialog.getByRole('heading', { name: 'Import CSV' }).click();
  await expect(dialog).toBeVisible();
  await expectAxeClean(page, 'the import by franchise', { include: '[role="dialog"]' });
  await shot(page, 'utilities-import-by-franchise');

  // Over the size limit (20 MB): a clear message, whether the server's 413 arrives or the upload is cut off.
  await chooseFile(page, Buffer.alloc(21 * 1024 * 1024, 'a,b\r\n'));
  await dialog.getByTestId('import-preview').click();
  await expect(dialog.getByTestId('import-error')).toContainText(/larger than 20 MB|UTILITIES_IMPORT_MAX_MB/, {
    timeout: 30_000,
  });

  await chooseFile(page, Buffer.from('Title,Cust No,First Name\r\n"Mr,1007,Unclosed\r\n', 'latin1'));
  await dialog.getByTestId('import-preview').click();
  // Each refusal reads as a sentence to the supervisor, without the request field's name the server puts first.
  await expect(dialog.getByTestId('import-error')).toContainText('The file is not valid CSV: Quote Not Closed');
  // One line, with no header (a data row): the message does not say the file has a header row.
  await chooseFile(
    page,
    Buffer.from('Mr,1007,Pat,Lee,1 Elm St,Town,IA,50309,,19.99,Lawn,12/01/2026,List\r\n', 'latin1'),
  );
  await dialog.getByTestId('import-preview').click();
  await expect(dialog.getByTestId('import-error')).toContainText(
    'The file has only one line: a header row and at least one row under it are needed.',
  );
  await chooseFile(page, Buffer.from('Title,Cust No\r\nMr,1007\r\n', 'latin1'), 'pickens-upsell.txt');
  await dialog.getByTestId('import-preview').click();
  await expect(dialog.getByTestId('import-error')).toContainText(
    'Choose a .csv file: the name of this one does not end in .csv.',
  );
  // The sentence alone, without the field's name in front of it.
  await expect(dialog.getByTestId('import-error')).not.toContainText(/Not imported\s*file:/);
  await expect(dialog.getByTestId('import-run')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(toast(page, 'Import Outbound Calls Cancelled...')).toBeVisible();
});
