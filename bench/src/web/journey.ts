/**
 * One run of the screen bench (run.ts): a CSR's and a supervisor's day in one browser window, each step timed from the
 * user's action to the mark the app sets when that step's data is on the screen (apps/web/src/lib/shown.ts).
 *
 * The action's time is the event's own timestamp, taken in the page by a listener that the bench adds before the
 * app loads (`ACTION_LISTENER`): a pointer press or a key press, as the browser stamped it. Both ends are read off
 * the page's clock, so the time the bench itself takes to drive the browser is not in the figure. A page load is
 * timed from the navigation's start.
 */
import type { Page } from '@playwright/test';

/** The app's marks (lib/shown.ts) and the bench's own action mark. */
const SHOWN = 'cc:shown:';
const ACTION = 'cc:bench:action';

/** Added to every page before its scripts run: the latest user action as a mark at the event's own time. */
export const ACTION_LISTENER = `(() => {
  const mark = (event) => {
    performance.clearMarks('${ACTION}');
    performance.mark('${ACTION}', { startTime: event.timeStamp });
  };
  addEventListener('pointerdown', mark, true);
  addEventListener('keydown', mark, true);
})();`;

export interface CallCustomer {
  sqldbid: number;
  customerNo: number;
  lastName: string;
}

export interface RunInput {
  /** A customer to find, open, price, sell to and end the call with. */
  call: CallCustomer;
  /** A customer whose property is opened for measuring (and the measurement cancelled). */
  measure: { sqldbid: number; customerNo: number };
  /** The franchise chosen in MeasureIt's search (its branch number). */
  branch: string;
}

/** Something that watches each step as it runs (profile.ts): begun before the step's action, ended at its mark. */
export interface Probe {
  begin(): Promise<void>;
  end(step: string, ms: number): Promise<void>;
}

/** Where the steps' times go, and the probe that watches them, if any. */
export interface Steps {
  record(step: string, ms: number): void;
  probe?: Probe;
}

/** Measures one step (with the probe around it) and records its time. */
async function step(steps: Steps, name: string, measure: () => Promise<number>): Promise<void> {
  await steps.probe?.begin();
  const ms = await measure();
  await steps.probe?.end(name, ms);
  steps.record(name, ms);
}

/** How long a step may take before the run gives up on it: the machine may be slow, never this slow. */
const STEP_TIMEOUT = 60_000;

/** The time from the latest user action to the latest `name` mark after it, once there is one. */
async function sinceAction(page: Page, name: string): Promise<number> {
  const handle = await page.waitForFunction(
    ([shown, action]) => {
      const act = performance.getEntriesByName(action).at(-1);
      const seen = performance.getEntriesByName(shown).at(-1);
      return act && seen && seen.startTime >= act.startTime ? seen.startTime - act.startTime : null;
    },
    [SHOWN + name, ACTION] as const,
    { timeout: STEP_TIMEOUT, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}

/** Clears the page's marks, acts, and returns the time from the action to the `name` mark. */
async function timed(page: Page, name: string, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => performance.clearMarks());
  await act();
  return sinceAction(page, name);
}

/** The time from a navigation's start to the `name` mark of the page it loads. */
async function loaded(page: Page, path: string, name: string): Promise<number> {
  await page.goto(path);
  const handle = await page.waitForFunction(
    (shown) => performance.getEntriesByName(shown).at(-1)?.startTime ?? null,
    SHOWN + name,
    {
      timeout: STEP_TIMEOUT,
      polling: 100,
    },
  );
  return (await handle.jsonValue()) as number;
}

const home = async (page: Page) => {
  await page.getByRole('link', { name: 'Home' }).click();
  await page.waitForURL(/\/dashboard$/);
};

/** The call screen's tabs, by their names and the marks they set. */
const CALL_TABS: [tab: string, mark: string][] = [
  ['Pricing', 'pricing'],
  ['History', 'history'],
  ['Web Orders', 'web-orders'],
  ['Script', 'script'],
  ['Survey', 'survey'],
  ['Customer', 'customer'],
];

/** Signs in from the public home: its first paint is the first page's time. */
export async function signInSteps(page: Page, steps: Steps, username: string, password: string): Promise<void> {
  await step(steps, 'first page: sign-in form', () => loaded(page, '/', 'signin'));
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await step(steps, 'sign in → dashboard', () =>
    timed(page, 'dashboard', () => dialog.getByRole('button', { name: 'Sign in' }).click()),
  );
}

/** Inbound: find the customer, open the call, every tab, price a program, sell it and end the call. */
export async function callSteps(page: Page, steps: Steps, call: CallCustomer): Promise<void> {
  await page.getByTestId('app-inbound').click();
  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  const form = page.getByRole('region', { name: 'Customer search' });
  await form.getByRole('textbox', { name: 'Cust No', exact: true }).fill(String(call.customerNo));
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill(call.lastName);
  await step(steps, 'inbound search', () => timed(page, 'inbound', () => page.keyboard.press('Enter')));
  const open = page
    .getByRole('region', { name: 'Inbound search results' })
    .getByRole('button', { name: /^Open call for / })
    .first();
  await open.waitFor({ timeout: STEP_TIMEOUT });
  await step(steps, 'open a call', () => timed(page, 'call', () => open.click()));

  for (const [tab, mark] of CALL_TABS) {
    await step(steps, `call tab: ${tab}`, () =>
      timed(page, `call-tab:${mark}`, () => page.getByRole('tab', { name: tab }).click()),
    );
  }

  await page.getByRole('tab', { name: 'Pricing' }).click();
  // Next season's price list: every round of it is still to come, whatever today's date.
  const years = page.getByTestId('pricing-service-year').getByRole('radio');
  const next = years.last();
  const year = (await next.getAttribute('value')) ?? '';
  if (!(await next.isChecked())) {
    await page.getByTestId('pricing-service-year').getByText(year, { exact: true }).click();
  }
  await page.waitForSelector(`[data-testid="pricing-tab"][data-service-year="${year}"]`, { timeout: STEP_TIMEOUT });
  const program = page.getByRole('region', { name: 'Lawn Programs' }).getByRole('checkbox').first();
  await step(steps, 'price a program', () => timed(page, 'pricing-quote', () => program.click()));

  await page.getByRole('combobox', { name: 'Call result' }).click();
  await page.getByRole('option', { name: 'Sale', exact: true }).click();
  await page.getByTestId('call-header').getByRole('button', { name: 'End Call' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm End Call' });
  const noEmail = page.getByRole('dialog', { name: 'No Customer Email' });
  await noEmail.or(confirm).waitFor({ timeout: STEP_TIMEOUT });
  if (await noEmail.isVisible()) await noEmail.getByRole('button', { name: 'End without email' }).click();
  await step(steps, 'end a call (sale)', () =>
    timed(page, 'call-ended', () => confirm.getByRole('button', { name: 'End Call' }).click()),
  );
  await page.waitForURL(/\/call-center\/inbound$/, { timeout: STEP_TIMEOUT });
}

/** Outbound: open the first list, then Next Call, and cancel that call. */
export async function outboundSteps(page: Page, steps: Steps): Promise<void> {
  await home(page);
  await page.getByTestId('app-outbound').click();
  const section = page.locator('[data-testid^="outbound-section-"]').first();
  await section.waitFor({ timeout: STEP_TIMEOUT });
  const control = section.locator('button[aria-expanded]').first();
  if ((await control.getAttribute('aria-expanded')) !== 'true') {
    await step(steps, 'outbound list', () => timed(page, 'outbound', () => control.click()));
  }
  await step(steps, 'Next Call', () =>
    timed(page, 'call', () => section.getByRole('button', { name: 'Next Call' }).click()),
  );
  await page.getByTestId('call-header').getByRole('button', { name: 'Cancel Call' }).click();
  await page
    .getByRole('dialog', { name: 'Please confirm navigation' })
    .getByRole('button', { name: 'Cancel the call' })
    .click();
  await page.waitForURL(/\/call-center\/outbound/, { timeout: STEP_TIMEOUT });
}

/** Call search: open it, add the uncompleted calls, go to the second page. */
export async function callSearchSteps(page: Page, steps: Steps): Promise<void> {
  await home(page);
  await step(steps, 'call search: open', () =>
    timed(page, 'call-search', () => page.getByTestId('app-callSearch').click()),
  );
  await step(steps, 'call search: filter', () =>
    timed(page, 'call-search', () => page.getByTestId('filter-uncompleted').click()),
  );
  await step(steps, 'call search: next page', () =>
    timed(page, 'call-search', () => page.getByRole('button', { name: 'Page 2', exact: true }).click()),
  );
}

/** MeasureIt: search a franchise's properties, then open a customer's property as its own window does. */
export async function measureItSteps(page: Page, steps: Steps, input: RunInput): Promise<void> {
  await home(page);
  await page.getByTestId('app-searchMeasureIt').click();
  await page.getByTestId('filter-franchise').click();
  const option = page.getByRole('option', { name: new RegExp(`^${input.branch}\\b`) });
  await step(steps, 'MeasureIt search', () => timed(page, 'measureit-search', () => option.click()));
  const { sqldbid, customerNo } = input.measure;
  await step(steps, 'MeasureIt edit (its own window: a page load)', () =>
    loaded(page, `/editMeasureIt?sqldbid=${sqldbid}&id=${customerNo}`, 'measureit-map'),
  );
  // Cancelling releases the property for the next run.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/editMeasureIt'), { timeout: STEP_TIMEOUT });
}

/** The supervisor's floor and user management. */
export async function supervisorSteps(page: Page, steps: Steps): Promise<void> {
  await home(page);
  await step(steps, 'floor', () => timed(page, 'floor', () => page.getByTestId('app-floor').click()));
  await home(page);
  await step(steps, 'user management', () => timed(page, 'users', () => page.getByTestId('app-manageUsers').click()));
}
