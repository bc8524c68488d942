/**
 * The static image's 2048-character rule on the edit screen (decision 037): this file's server has
 * a static-map key so long that no shape's image URL fits, so the first lawn drawn is already too long. The map
 * marks the shape to simplify with a point error, and Save is refused with the reason, saving nothing.
 */
import { expect, test } from './fixtures.js';
import { shot, signIn, toast } from './helpers.js';
import { clickMap, unmeasuredCustomers } from './measureit-support.js';

// The browser learns only the key's length (README, STATIC_MAP_KEY); 1,950 characters leave under 100 for the shape.
test.use({ serverEnv: { STATIC_MAP_KEY: 'k'.repeat(1950) } });

test('a shape whose image URL would pass 2048 characters is marked on the map and blocks the save', async ({
  page,
  request,
}) => {
  const [customer] = await unmeasuredCustomers(request, { branchno: 'PB181', lastname: 'B' }, 1);
  await signIn(page, 'measurer');
  const opened = page.waitForResponse((r) => r.url().endsWith('/api/MeasureIt/GetProperty'));
  await page.goto(`/editMeasureIt?sqldbid=${customer!.sqldbid}&id=${customer!.customerNo}`);
  await opened;
  await page.locator('.leaflet-pm-icon-rectangle').click();
  await clickMap(page, [
    [-100, -60],
    [100, 60],
  ]);

  const map = page.getByTestId('measure-map');
  await expect(
    map.getByRole('tooltip', { name: 'Area 1 has too many points for the saved image: remove some of its points.' }),
  ).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Area 1 has too many points to save its image.' }),
  ).toBeVisible();
  await shot(page, 'measureit-image-too-long');

  const saved = page.waitForRequest((r) => r.url().includes('/api/MeasureIt/CompleteProperty'), { timeout: 3_000 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByText('Area 1 has too many points to save its image: remove some of its points.', { exact: true }),
  ).toBeVisible();
  await expect(saved).rejects.toThrow();
  await expect(toast(page, 'Property Measurement Saved...')).toHaveCount(0);
  await expect(page.getByTestId('measure-status')).toHaveText('Unmeasured');
});
