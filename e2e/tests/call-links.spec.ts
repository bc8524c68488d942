import { expectAxeClean } from './axe.js';
import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { DEMO_PASSWORD, SERVER, shot, signIn } from './helpers.js';

/**
 * The call's links: the call's Pay a Bill, Autopay and evaluation links work on a fresh `npm start` — the demo
 * pages this server serves stand in for the payment and evaluation services (decision 027) — each in a new window,
 * with the zip cut to 5 digits; Autopay asks POST /api/GetUCMS for the franchise's enrollment; the evaluation link
 * is on every call, with the evaluation code when the call has one.
 */

const PETERSEN = { sqldbid: 17502, customerNo: 1006, zip: '50309' }; // Des Moines, company-owned

test.describe.configure({ timeout: 90_000 });

const opened: { sqldbid: number; customerNo: number }[] = [];
test.afterEach(async ({ request, context }) => {
  await context.close();
  const token = await tokenOf(request, 'admin');
  for (const call of opened.splice(0)) {
    await request.post('/api/call-center/call-inactive', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...call, save: false },
    });
  }
});

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  return ((await response.json()) as { token: string }).token;
}

/** Click a link of the call and answer the window it opens, once loaded. */
async function openInNewWindow(page: Page, testId: string): Promise<Page> {
  const link = page.getByTestId(testId);
  await expect(link).toHaveAttribute('target', '_blank');
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.waitForLoadState();
  return popup;
}

const fact = (popup: Page, name: string) => popup.locator(`dd[data-fact="${name}"]`);

test('Pay a Bill, Autopay and Evaluation open the demo pages in new windows with the customer', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  opened.push({ sqldbid: PETERSEN.sqldbid, customerNo: PETERSEN.customerNo });
  await page.goto(`/call-center/current-call/${PETERSEN.sqldbid}/${PETERSEN.customerNo}/Inbound`);
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);

  const pay = await openInNewWindow(page, 'link-pay-bill');
  expect(new URL(pay.url()).pathname).toBe('/demo/pay-a-bill');
  await expect(pay.getByRole('heading', { level: 1 })).toHaveText('Pay a Bill');
  await expect(fact(pay, 'Account')).toHaveText(String(PETERSEN.customerNo));
  await expect(fact(pay, 'Zip code')).toHaveText(PETERSEN.zip);
  await expectAxeClean(pay, 'the demo Pay a Bill page');
  await shot(pay, 'demo-pay-a-bill');
  await pay.close();

  // Autopay shows the franchise's enrollment as GetUCMS answers it.
  const token = await tokenOf(request, 'admin');
  const enrollment = await request.post('/api/currentcall/getBillingPaymentByFranchise', {
    headers: { Authorization: `Bearer ${token}` },
    data: { SQLDBID: PETERSEN.sqldbid, billingAppType: 1, paymentId: 4 },
  });
  const monthly = ((await enrollment.json()) as { enabled: boolean }).enabled;
  const autopay = await openInNewWindow(page, 'link-autopay');
  await expect(autopay.getByRole('heading', { level: 1 })).toHaveText('Autopay enrollment');
  await expect(fact(autopay, 'Franchise')).toHaveText(/^.+ \(SLI\w+\)$/);
  await expect(fact(autopay, 'Autopay')).toHaveText(/^This franchise (does not )?takes? autopay\.$/);
  await expect(fact(autopay, 'Monthly installments')).toHaveText(monthly ? 'Offered' : 'Not offered');
  await shot(autopay, 'demo-autopay');
  await autopay.close();

  // An inbound call has no evaluation code: the link opens a new evaluation for the customer.
  await expect(page.getByTestId('link-evaluation')).toHaveText(/^Evaluation/);
  const evaluation = await openInNewWindow(page, 'link-evaluation');
  await expect(fact(evaluation, 'Evaluation code')).toHaveText('None on this call: a new evaluation');
  await expect(fact(evaluation, 'Account')).toHaveText(String(PETERSEN.customerNo));
});

test('a property-evaluation call carries its code to the evaluation page', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/call-center/outbound');
  const section = page.getByTestId('outbound-section-PropertyEval');
  await section.getByRole('button', { name: /^Property Eval/ }).click();
  await section.getByRole('button', { name: 'Next Call' }).click();
  await expect(page).toHaveURL(/\/call-center\/current-call\/\d+\/\d+\/PropertyEval$/, SERVER);
  const [, sqldbid, customerNo] = /current-call\/(\d+)\/(\d+)\//.exec(page.url()) ?? [];
  opened.push({ sqldbid: Number(sqldbid), customerNo: Number(customerNo) });
  await expect(page.getByTestId('current-call')).toHaveAttribute('data-call-status', 'open', SERVER);

  const link = page.getByTestId('link-evaluation');
  await expect(link).toHaveText(/^Evaluation code PE\d{5}/);
  const code = /PE\d{5}/.exec((await link.textContent()) ?? '')?.[0] ?? '';
  const evaluation = await openInNewWindow(page, 'link-evaluation');
  await expect(fact(evaluation, 'Evaluation code')).toHaveText(code);
  await expect(fact(evaluation, 'Account')).toHaveText(String(customerNo));
});
