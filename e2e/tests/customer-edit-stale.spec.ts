import { expect, test } from './fixtures.js';
import { CUSTOMER_CHANGED_MESSAGE } from '@cc/domain';
import { DEMO_PASSWORD, forgetSavedCall, SERVER, shot, signIn, toast } from './helpers.js';

/**
 * A customer edit carries the version it was made on (decision 021): when the customer changed since the screen
 * read it, the save is refused and the Edit Customer dialog says so and offers to reload; reloaded, the edit saves.
 */
const DALE = { sqldbid: 18001, customerNo: 1002, name: 'Dale Okonkwo' };

test.afterEach(async ({ request, context }) => {
  await context.close();
  await forgetSavedCall(request, 'csr.franchise', DEMO_PASSWORD);
});

test('a stale edit: the dialog says another user changed the customer and reloads it', async ({ page, request }) => {
  await signIn(page, 'csr.franchise');
  await page.goto(`/call-center/current-call/${DALE.sqldbid}/${DALE.customerNo}/Inbound`);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);

  await page.getByRole('button', { name: 'Edit customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
  await dialog.getByRole('textbox', { name: 'Work phone' }).fill('6305550101');

  // Meanwhile the customer changes elsewhere (the same CSR's other session, which also holds the call).
  const signin = await request.post('/api/auth/signin', {
    data: { username: 'csr.franchise', password: DEMO_PASSWORD },
  });
  const { token } = (await signin.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const current = (await (
    await request.get(`/api/customer/${DALE.sqldbid}/${DALE.customerNo}`, { headers })
  ).json()) as {
    version: number;
  };
  const changed = await request.put(`/api/customer/${DALE.customerNo}/${DALE.sqldbid}`, {
    headers,
    data: { version: current.version, cellPhone: '6305550177' },
  });
  expect(changed.ok(), await changed.text()).toBe(true);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText(CUSTOMER_CHANGED_MESSAGE);
  await shot(page, 'current-call-edit-customer-stale');

  await dialog.getByRole('button', { name: 'Reload customer' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Cell phone' })).toHaveValue('(630) 555-0177');
  await dialog.getByRole('textbox', { name: 'Cell phone' }).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Updated Customer: ${DALE.name}`).first()).toBeVisible(SERVER);
  await expect(dialog).toBeHidden();
});
