/**
 * MeasureIt when its peers fail (decisions 037, 040): a tile server answering 503 leaves the map
 * saying so while a lawn can still be drawn on the grid and measured; a geocoder answering 503 makes the address
 * search say so. Both are local servers of @cc/test-peers over real HTTP, started failing for this file's server.
 */
import { startGeocoder, startTileServer, type Geocoder, type TileServer } from '@cc/test-peers';
import { test as base, expect } from './fixtures.js';
import { SERVER, shot, signIn } from './helpers.js';
import { clickMap, numberIn, unmeasuredCustomers } from './measureit-support.js';

const test = base.extend<object, { peers: { tiles: TileServer; geocoder: Geocoder } }>({
  peers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use) => {
      const tiles = await startTileServer();
      const geocoder = await startGeocoder();
      tiles.failing = true;
      geocoder.failing = true;
      await use({ tiles, geocoder });
      await Promise.all([tiles.close(), geocoder.close()]);
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ peers }, use) =>
      use({ MAP_TILE_URL: peers.tiles.template, MAP_TILE_MAX_ZOOM: '20', GEOCODER_URL: peers.geocoder.searchUrl }),
    { scope: 'worker' },
  ],
});

test('without imagery the map says so and a lawn is still drawn and measured on the grid', async ({
  page,
  request,
}) => {
  const [customer] = await unmeasuredCustomers(request, { branchno: 'PB181', lastname: 'H' }, 1);
  await signIn(page, 'measurer');
  await page.goto(`/editMeasureIt?sqldbid=${customer!.sqldbid}&id=${customer!.customerNo}`);
  await expect(page.getByText('The satellite imagery could not be loaded.', { exact: false })).toBeVisible(SERVER);
  await page.locator('.leaflet-pm-icon-rectangle').click();
  await clickMap(page, [
    [-100, -60],
    [100, 60],
  ]);
  await expect.poll(async () => numberIn(await page.getByTestId('measure-total').textContent())).toBeGreaterThan(0);
  await shot(page, 'measureit-no-imagery');
});

test('without the geocoder the address search says so', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/MeasureIt?by=address');
  await page.getByRole('combobox', { name: 'Address', exact: true }).fill('1200 72nd Omaha');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The address search is not available right now.' }),
  ).toBeVisible(SERVER);
  await shot(page, 'measureit-no-geocoder');
});
