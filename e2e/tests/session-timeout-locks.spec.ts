/**
 * Runs in the 'idle' project (CLIENT_IDLE_SECONDS=4, CLIENT_WARNING_SECONDS=5): the session ending on idle
 * releases the call its screen held at once, so another CSR opens it without waiting for the lock to
 * go stale (docs/decisions/005 and 018).
 */
import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { DEMO_PASSWORD, SERVER, signIn } from './helpers.js';

const STORY = { sqldbid: 18001, customerNo: 1001 };
const STORY_CALL = `/call-center/current-call/${STORY.sqldbid}/${STORY.customerNo}/Inbound`;

const callScreen = (page: Page) => page.getByTestId('current-call');

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test.afterEach(async ({ request }) => {
  // Release and forget the call for both users, so that nothing sends a later journey back to it.
  for (const username of ['csr.franchise', 'admin']) {
    const headers = { Authorization: `Bearer ${await tokenOf(request, username)}` };
    await request.post('/api/call-center/call-inactive', { headers, data: { ...STORY, save: false } });
    await request.post('/api/auth/signout', { headers });
  }
});

test('the session ending on idle releases the open call at once: another CSR opens it', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signIn(page, 'csr.franchise');
  await page.goto(STORY_CALL);
  // The CSR is busy while the screen loads (a slow machine can take longer than the 9 s idle time) ...
  let x = 0;
  await expect
    .poll(async () => {
      await page.mouse.move(100 + (x++ % 2) * 100, 200);
      return callScreen(page)
        .getAttribute('data-call-status', { timeout: 1_000 })
        .catch(() => null);
    }, SERVER)
    .toBe('open');
  // ... and then stays idle: the warning, and the session ends.

  await expect(page.getByRole('dialog', { name: 'Session Expired' })).toBeVisible({ timeout: 20_000 });

  // Another CSR, through the API: a browser of theirs would itself go idle within seconds on this server.
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const asked = await request.post('/api/call-center/isCallActive', { headers, data: STORY });
  expect(await asked.json()).toEqual({ isActive: false, mine: false, activeBy: '' });
  const opened = await request.post('/api/call-center/call-active', {
    headers,
    data: { ...STORY, callType: 'Inbound' },
  });
  expect(opened.status(), await opened.text()).toBe(200);
});
