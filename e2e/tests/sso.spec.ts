/**
 * Single sign-on in the browser through the demonstration identity server (decision 038): a deep link to a current
 * call survives the round trip through the identity server's sign-in page, the identity becomes its own user with the
 * brand its claims give, a return presented again is refused with a message, the wiki is handed the token (a local
 * wiki stand-in checks the POST body), and signing out ends the identity server's session too.
 */
import http from 'node:http';
import { freePort } from '../support/server.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { expectAxeClean } from './axe.js';
import { test as base, expect, type Page } from './fixtures.js';
import { DEMO_PASSWORD, shot } from './helpers.js';

interface Wiki {
  url: string;
  posts: unknown[];
  /** The status the next POSTs answer. */
  status: number;
}

/** A stand-in for the wiki service: records the authenticate-by-token POSTs and shows who arrived. */
async function startWiki(): Promise<Wiki & { close(): Promise<void> }> {
  const wiki = { url: '', posts: [] as unknown[], status: 200 };
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        wiki.posts.push(JSON.parse(body));
        res.writeHead(wiki.status, { 'content-type': 'application/json' }).end('{}');
      });
      return;
    }
    const username = new URL(req.url ?? '/', 'http://x').searchParams.get('username') ?? '';
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><title>Wiki</title><main><h1>Wiki of ${username}</h1></main></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  wiki.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/tiki`;
  return Object.assign(wiki, {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const test = base.extend<object, { wiki: Wiki }>({
  wiki: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use) => {
      const wiki = await startWiki();
      await use(wiki);
      await wiki.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ wiki }, use) =>
      use({
        DEMO_IDENTITY_SERVER: 'on',
        DEMO_IDENTITY_PORT: String(await freePort()),
        WIKI_URL: wiki.url,
      }),
    { scope: 'worker' },
  ],
  // The redirect URL the identity server knows is http://localhost:{port}/signin-oidc: the app is used by that name.
  baseURL: async ({ server }, use) => use(server.url.replace('127.0.0.1', 'localhost')),
});

const STORY_CALL = '/call-center/current-call/18001/1001/Inbound';

const expectNoAxeViolations = (page: Page) => expectAxeClean(page, 'single sign-on');

async function signInAtIdentityServer(page: Page, username: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Company sign-in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a deep link to a call goes through the identity server and lands on the call; sign-out ends both sessions', async ({
  page,
}) => {
  await page.goto(STORY_CALL);
  await expect(page).toHaveURL(/localhost:\d+\/interaction\//);
  await expectNoAxeViolations(page);
  await shot(page, 'sso-identity-server');
  await signInAtIdentityServer(page, 'csr.franchise');

  await expect(page).toHaveURL(new RegExp(`${STORY_CALL}$`));
  await expect(page.getByText('Margaret Thornbury').first()).toBeVisible();
  // Its own user, with the brand of its brandid claim (1: sg, the lawn logo).
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Riley Franks');
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('data-logo', 'lawn');
  await shot(page, 'sso-landed-on-call');

  // One click signs out of both: the identity server ends its session without asking again, and the browser is back.
  const identityServerPages: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && /\/connect\/endsession/.test(frame.url())) identityServerPages.push(frame.url());
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/\?noAuth=true$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  // It went through the identity server's end of session, with the ID token of the sign-in as the hint.
  expect(identityServerPages.length).toBeGreaterThan(0);
  expect(new URL(identityServerPages[0] ?? '').searchParams.get('id_token_hint')).toMatch(/^ey/);

  // The identity server's session ended too: /portalsignin asks for the password again.
  await page.goto('/portalsignin');
  await expect(page.getByRole('heading', { name: 'Company sign-in' })).toBeVisible();
});

test('a signed-out deep link goes to the identity server without showing the sign-in dialog or a console error', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  // Every address the page shows on the way, and every dialog it ever renders, from its first script on.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    visited.push(`${url.pathname}${url.search}`);
  });
  const dialogs: string[] = [];
  await page.exposeFunction('reportDialog', (text: string) => dialogs.push(text));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const report = (window as unknown as { reportDialog?: (text: string) => void }).reportDialog;
      document.querySelectorAll('[role="dialog"]').forEach((dialog) => report?.(dialog.textContent ?? ''));
    }).observe(document, { childList: true, subtree: true });
  });

  await page.goto(STORY_CALL);
  await expect(page.getByRole('heading', { name: 'Company sign-in' })).toBeVisible();
  expect(dialogs).toEqual([]);
  expect(consoleErrors).toEqual([]);
  // Straight from the deep link to the identity server: no stop at the public home on the way.
  expect(new Set(visited.filter((path) => !/^\/(interaction|connect)\//.test(path)))).toEqual(new Set([STORY_CALL]));
});

test('a return presented again is refused with a message and no session', async ({ page, context }) => {
  await page.goto('/portalsignin');
  const back = page.waitForRequest((request) => request.url().includes('/signin-oidc?'));
  await signInAtIdentityServer(page, 'csr.external');
  const returnUrl = (await back).url();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('brand-logo')).toHaveAttribute('data-logo', 'pest');

  const other = await context.newPage();
  await other.goto(returnUrl);
  await expect(other.getByText('The sign-in was refused')).toBeVisible();
  await expect(other.getByText(/already used, has expired or was started elsewhere/)).toBeVisible();
  await expect(other).toHaveURL(/\/signin-oidc$/);
  await expectNoAxeViolations(other);
  await shot(other, 'sso-refused-replay');
});

test('the wiki is told the token, then opened with the username; a failing wiki says so', async ({ page, wiki }) => {
  await page.goto('/portalsignin');
  await signInAtIdentityServer(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The knowledge base is not configured here: hidden.
  await expect(page.getByTestId('app-pbknowledgebase')).toHaveCount(0);

  wiki.posts.length = 0;
  await page.getByTestId('app-tikiwiki').click();
  // The identity's verified email is the demo admin's: it signed in as that account, not a second one.
  await expect(page.getByRole('heading', { name: 'Wiki of admin' })).toBeVisible();
  expect(wiki.posts).toEqual([{ token: expect.any(String) as unknown, action: 'authenticateByToken' }]);

  wiki.status = 500;
  await page.goto('/tikiwiki');
  await expect(page.getByText('The wiki did not accept the sign-in (status 500). Try again later.')).toBeVisible();
  await shot(page, 'sso-wiki-failed');
  wiki.status = 200;
});

test('signing in through the identity server is the account that was here: one row in User Management, marked', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/portalsignin');
  await signInAtIdentityServer(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/UserManagement');
  await page.getByRole('searchbox', { name: 'Search users' }).fill('admin');
  const grid = page.getByTestId('users-grid');
  const adminRow = grid
    .locator('[role="row"]')
    .filter({ has: page.locator('[col-id="Username"]', { hasText: /^admin$/ }) });
  await expect(adminRow.locator('[col-id="signIn"]')).toHaveText('Password and company sign-in');
  await expect(grid.locator('[col-id="Username"]', { hasText: '@sso' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'sso-user-management');

  await adminRow.getByRole('link', { name: 'Edit admin' }).click();
  await expect(page.getByTestId('sign-in-note')).toContainText('linked to the company sign-in by its verified email');
  await expectNoAxeViolations(page);
  await shot(page, 'sso-user-linked');
});

test('identities of different roles and brands each get their own theme and dashboard', async ({ page }) => {
  // A supervisor (corporate), an external call-centre CSR (the pest brand), a company-owned CSR (the lawn brand) and a
  // measurer (corporate: the corporate company's people work for the whole network).
  for (const username of ['supervisor', 'csr.external', 'csr.cof', 'measurer']) {
    await test.step(username, async () => {
      const account = DEMO_ACCOUNTS.find((a) => a.username === username);
      if (!account) throw new Error(`${username} is not a demo account`);
      await page.goto('/portalsignin');
      await signInAtIdentityServer(page, username);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(account.name);
      await expect(page.getByTestId('brand-logo')).toHaveAttribute('data-logo', account.logo);
      // The wiki is configured for these servers, the knowledge base is not (hidden).
      const shown = account.apps.filter((sref) => sref !== 'pbknowledgebase');
      await expect(page.getByTestId(`app-${shown[0] ?? ''}`)).toBeVisible();
      await expect(page.locator('[data-testid^="app-"]')).toHaveCount(shown.length);
      for (const sref of shown) await expect(page.getByTestId(`app-${sref}`)).toBeVisible();
      await shot(page, `sso-dashboard-${username}`);

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/\?noAuth=true$/);
    });
  }
});

test('a deep link to the MeasureIt edit screen comes back with its query after signing in', async ({ page }) => {
  const target = '/editMeasureIt?sqldbid=18001&id=1001&closeOnSave=true';
  await page.goto(target);
  await expect(page).toHaveURL(/localhost:\d+\/interaction\//);
  await signInAtIdentityServer(page, 'measurer');
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === target);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Max Measure');
});
