/**
 * MeasureIt by address and for a commercial lead (decision 040), on the local geocoder and tile
 * server: an address typed, picked from the suggestions, filed under the branch serving its zip, measured and saved
 * with the spec's toasts; and a property's previous measurements copied ('Measurement Copied...') or not
 * ('Measurement Copy Cancelled...').
 */
import { expectAxeClean } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import { SERVER, shot, signIn, toast } from './helpers.js';
import { clickMap, numberIn, tokenOf, unmeasuredCustomers } from './measureit-support.js';

async function pickAddress(page: Page, typed: string, label: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: 'Address', exact: true }).fill(typed);
  await page.getByRole('option', { name: label }).click();
  await expect(page.getByRole('textbox', { name: 'Street address' })).not.toHaveValue('');
  // The branch serving the zip is chosen for the user when there is one.
  await expect(page.getByRole('combobox', { name: 'Branch' })).not.toHaveValue('', SERVER);
}

async function drawRectangle(page: Page): Promise<number> {
  await page.locator('.leaflet-pm-icon-rectangle').click();
  await clickMap(page, [
    [-120, -80],
    [120, 80],
  ]);
  await expect.poll(async () => numberIn(await page.getByTestId('measure-total').textContent())).toBeGreaterThan(0);
  return numberIn(await page.getByTestId('measure-total').textContent());
}

// The geocoder's addresses are in the company-owned franchises' zips: the admin's scope (the demo measurer's is
// corporate).
test('a property by address: geocoded with suggestions, filed under its branch, measured and saved', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // From the search: a property that is not in its list.
  await page.goto('/searchMeasureIt');
  await page.getByRole('link', { name: 'Measure by address' }).click();
  await expect(page).toHaveURL(/\/MeasureIt\?by=address$/);
  await pickAddress(page, '1200 72nd Omaha', /1200 South 72nd Street/);
  await expect(page.getByRole('textbox', { name: 'Zip' })).toHaveValue('68124');
  await shot(page, 'measureit-by-address-picked');
  await expectAxeClean(page, 'MeasureIt by address, an address picked');
  await page.getByRole('button', { name: 'Measure this address' }).click();
  await expect(page.getByTestId('measure-address')).toContainText('1200 South 72nd Street, Omaha, NE 68124', SERVER);
  await drawRectangle(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Property Measurement by Address Saved...')).toBeVisible(SERVER);
  await expect(page).toHaveURL(/\/searchMeasureIt$/);

  // The same address again: measured today, so it asks first.
  await page.goto('/MeasureIt?by=address');
  await pickAddress(page, '1200 72nd Omaha', /1200 South 72nd Street/);
  await page.getByRole('button', { name: 'Measure this address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Measured recently' });
  await expect(dialog).toBeVisible(SERVER);
  await dialog.getByRole('button', { name: 'No, leave it' }).click();
  await expect(toast(page, 'Measurement Edit Cancelled...')).toBeVisible();
});

test('a commercial lead: business, address and contact, measured and saved', async ({ page, request }) => {
  await signIn(page, 'admin');
  await page.goto('/MeasureIt?by=lead');
  await page.getByRole('textbox', { name: 'Business name' }).fill('Underwood Dental');
  await pickAddress(page, '4805 Underwood', /4805 Underwood Avenue/);
  await page.getByRole('button', { name: 'Measure this lead' }).click();
  await expect(page.getByRole('heading', { name: 'Underwood Dental' })).toBeVisible(SERVER);
  const size = await drawRectangle(page);
  await page.getByRole('textbox', { name: 'Contact name' }).fill('Dana Molar');
  await page.getByRole('textbox', { name: 'Contact phone' }).fill('(402) 555-0143');
  await shot(page, 'measureit-commercial-lead');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Commercial Lead Property Measurement Saved...')).toBeVisible(SERVER);

  // What was saved, as the server reads it back.
  const headers = { authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const branches = await request.post('/api/MeasureIt/GetBranches', { headers, data: { zip: '68132' } });
  const [branch] = ((await branches.json()) as { branches: { branchNo: string }[] }).branches;
  const lead = await request.post('/api/MeasureIt/GetCommercialLeadMeasurement', {
    headers,
    data: {
      branchNo: branch!.branchNo,
      businessName: 'Underwood Dental',
      streetAddress: '4805 Underwood Avenue',
      city: 'Omaha',
      state: 'NE',
      zip: '68132',
      latitude: 41.26543,
      longitude: -95.98432,
      confirm: true,
    },
  });
  expect(lead.status()).toBe(200);
  const l = ((await lead.json()) as { lead: { SquareFeet: number; contactName: string; contactPhone: string } }).lead;
  expect(l).toMatchObject({ contactName: 'Dana Molar', contactPhone: '4025550143' });
  expect(Math.abs(l.SquareFeet - size)).toBeLessThan(1);
});

test('a previous measurement copied onto the map, or the copy cancelled', async ({ page, request }) => {
  const [customer] = await unmeasuredCustomers(request, { branchno: 'PB181', lastname: 'W' }, 1);
  await signIn(page, 'measurer');
  await page.goto(`/editMeasureIt?sqldbid=${customer!.sqldbid}&id=${customer!.customerNo}`);
  await expect(page.getByTestId('measure-total')).toHaveText('0 sq ft', SERVER);
  const first = await drawRectangle(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Property Measurement Saved...')).toBeVisible(SERVER);

  await page.goto(`/editMeasureIt?sqldbid=${customer!.sqldbid}&id=${customer!.customerNo}`);
  await page.getByRole('dialog', { name: 'Measured recently' }).getByRole('button', { name: 'Measure again' }).click();
  // Start over: the shape removed, then the previous measurement copied back.
  await page.locator('.leaflet-pm-icon-delete').click();
  await page.locator('.leaflet-interactive').first().click();
  await expect(page.getByTestId('measure-total')).toHaveText('0 sq ft');
  await page.locator('.leaflet-pm-icon-delete').click();

  const copy = page.getByTestId('previous-measurements').getByRole('button', { name: /Copy the measurement/ });
  await copy.click();
  await page.getByRole('dialog', { name: 'Copy Measurement' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Measurement Copy Cancelled...')).toBeVisible();
  await expect(page.getByTestId('measure-total')).toHaveText('0 sq ft');

  await copy.click();
  await page.getByRole('dialog', { name: 'Copy Measurement' }).getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'Measurement Copied...')).toBeVisible();
  await expect
    .poll(async () => numberIn(await page.getByTestId('measure-total').textContent()))
    .toBeGreaterThan(first - 1);
  await shot(page, 'measureit-copied');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(toast(page, 'Measurement Edit Cancelled...')).toBeVisible(SERVER);
});

test('from the keyboard: an address searched, picked with the arrow keys and measured by a typed size', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/MeasureIt?by=address');
  const address = page.getByRole('combobox', { name: 'Address', exact: true });
  await address.focus();
  await page.keyboard.type('7420 Wornall');
  await expect(page.getByRole('option', { name: /7420 Wornall Road/ })).toBeVisible(SERVER);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Street address' })).toHaveValue('7420 Wornall Road');
  await expect(page.getByRole('combobox', { name: 'Branch' })).not.toHaveValue('', SERVER);
  await page.getByRole('button', { name: 'Measure this address' }).focus();
  await page.keyboard.press('Enter');
  const size = page.getByTestId('measure-size');
  await expect(size).toBeVisible(SERVER);
  await size.focus();
  await page.keyboard.type('6000');
  await expect(page.getByTestId('measure-external')).toBeVisible();
  // On from the size field to Save by Tab alone.
  const save = page.getByRole('button', { name: 'Save', exact: true });
  for (let i = 0; i < 10 && !(await save.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Property Measurement by Address Saved...')).toBeVisible(SERVER);
});
