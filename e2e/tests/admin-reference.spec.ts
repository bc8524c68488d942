import { expectAxeCleanSoft, TOASTS } from './axe.js';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { chooseOption, pageToken, shot, signIn, toast, uniqueUsername } from './helpers.js';

/**
 * Reference data from the browser (decision 026): an administrator sets up a new franchise's reference data from the
 * browser alone (a brand, a company with its roles, an application, a permission, a role template), each added and
 * edited in its grid, a bad value answered with the server's own message on its field, and every change in the audit
 * log. A user manager (role 6) may not open these screens.
 */

const run = Date.now().toString(36);

/** WCAG 2.1 AA on the whole page (the toasts aside: they come and go). */
const expectAccessible = (page: Page, what: string) => expectAxeCleanSoft(page, what, { exclude: TOASTS });

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const grid = (page: Page, name: string) => page.getByRole('table', { name });
const row = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function save(page: Page, box: Locator, saved: string): Promise<void> {
  await box.getByRole('button', { name: 'Save' }).click();
  // The same text may still show from the save before (3 s): the newest is this one.
  await expect(toast(page, saved).last()).toBeVisible();
  await expect(box).toBeHidden();
}

test('an administrator sets up reference data, is told what the server refuses, and sees it in the audit log', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const brand = `E2E Brand ${run}`;
  const company = `E2E Franchise ${run}`;
  const app = `E2E App ${run}`;
  const permission = `E2E.Perm.${run}`;

  await signIn(page, 'admin');
  // From the account menu, and from the user screens' header.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Audit log' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Reference data' }).click();
  await expect(page).toHaveURL(/\/admin\/reference$/);
  await page.getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/UserManagement$/);
  await page.getByRole('link', { name: 'Reference data' }).click();
  await expect(page).toHaveURL(/\/admin\/reference$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reference data' })).toBeVisible();

  await test.step('brands: add, an empty name refused, edit, cancel', async () => {
    await expect(tab(page, 'Brands')).toHaveAttribute('aria-selected', 'true');
    await expect(row(grid(page, 'Brands'), 'Spring Green Lawn Care')).toBeVisible();
    await expectAccessible(page, 'brands');
    await shot(page, 'reference-brands');

    await page.getByRole('button', { name: 'Add brand' }).click();
    const add = dialog(page, 'Add brand');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('Brand name is required.')).toBeVisible();
    await expect(toast(page, 'Please correct invalid entries and try again.').last()).toBeVisible();
    await add.getByRole('textbox', { name: 'Brand name' }).fill(`${brand} draft`);
    await expectAccessible(page, 'brand dialog');
    await save(page, add, `Brand saved: ${brand} draft`);
    await expect(row(grid(page, 'Brands'), `${brand} draft`)).toBeVisible();

    await page.getByRole('button', { name: `Edit brand ${brand} draft` }).click();
    const edit = dialog(page, 'Edit brand');
    await expect(edit.getByRole('textbox', { name: 'Brand name' })).toHaveValue(`${brand} draft`);
    await edit.getByRole('textbox', { name: 'Brand name' }).fill(brand);
    await save(page, edit, `Brand saved: ${brand}`);
    await expect(row(grid(page, 'Brands'), brand)).toBeVisible();
    await expect(row(grid(page, 'Brands'), `${brand} draft`)).toHaveCount(0);

    await page.getByRole('button', { name: `Edit brand ${brand}` }).click();
    await dialog(page, 'Edit brand').getByRole('button', { name: 'Cancel' }).click();
    await expect(toast(page, 'Save Cancelled...')).toBeVisible();
  });

  await test.step('companies: a company with the roles it gives, then one more role', async () => {
    await tab(page, 'Companies and roles').click();
    await expect(page).toHaveURL(/\/admin\/reference\/companies$/);
    await page.getByRole('button', { name: 'Add company' }).click();
    const add = dialog(page, 'Add company');
    await add.getByRole('textbox', { name: 'Description' }).fill(company);
    await add.getByRole('checkbox', { name: '3 Customer Service Representative' }).check();
    await add.getByRole('checkbox', { name: '4 Franchise User' }).check();
    await expectAccessible(page, 'company dialog');
    await shot(page, 'reference-company-dialog');
    await save(page, add, `Company saved: ${company}`);
    const added = row(grid(page, 'Companies'), company);
    await expect(added).toContainText('3 Customer Service Representative');
    await expect(added).toContainText('4 Franchise User');
    await expect(added).not.toContainText('Measurer');

    await page.getByRole('button', { name: `Edit company ${company}` }).click();
    const edit = dialog(page, 'Edit company');
    await expect(edit.getByRole('checkbox', { name: '4 Franchise User' })).toBeChecked();
    await edit.getByRole('checkbox', { name: '8 MeasureIt Measurer' }).check();
    await save(page, edit, `Company saved: ${company}`);
    await expect(row(grid(page, 'Companies'), company)).toContainText('8 MeasureIt Measurer');
    await expectAccessible(page, 'companies');
    await shot(page, 'reference-companies');
  });

  await test.step("applications: the server's message on the URL field, then saved and edited", async () => {
    await tab(page, 'Applications').click();
    await page.getByRole('button', { name: 'Add application' }).click();
    const add = dialog(page, 'Add application');
    await add.getByRole('textbox', { name: 'Name' }).fill(app);
    await add.getByRole('textbox', { name: 'SRef' }).fill(`e2eApp${run}`);
    await add.getByRole('textbox', { name: 'URL' }).fill('ftp://files.example.com');
    await add.getByRole('button', { name: 'Save' }).click();
    const url = add.getByRole('textbox', { name: 'URL' });
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(add.getByText('must be a path starting with / or an http(s) address')).toBeVisible();
    await expect(toast(page, 'Please correct invalid entries and try again.').last()).toBeVisible();
    await expectAccessible(page, 'application dialog with the server error');
    await shot(page, 'reference-application-error');
    await url.fill('/e2e-app');
    await save(page, add, `Application saved: ${app}`);
    await expect(row(grid(page, 'Applications'), app)).toContainText('/e2e-app');

    await page.getByRole('button', { name: `Edit application ${app}` }).click();
    const edit = dialog(page, 'Edit application');
    await edit.getByRole('textbox', { name: 'Description' }).fill('Made by the e2e journey');
    await save(page, edit, `Application saved: ${app}`);
    await expect(row(grid(page, 'Applications'), app)).toContainText('Made by the e2e journey');
    await expectAccessible(page, 'applications');
  });

  await test.step('permissions: a taken name and equal values refused on their fields; added and edited', async () => {
    await tab(page, 'Permissions').click();
    await page.getByRole('button', { name: 'Add permission' }).click();
    const add = dialog(page, 'Add permission');
    await chooseOption(page, add.getByRole('combobox', { name: 'Application' }), app);
    await add.getByRole('textbox', { name: 'Name' }).fill('MeasureIt.Measure');
    await add.getByRole('textbox', { name: 'True value' }).fill('yes');
    await add.getByRole('textbox', { name: 'False value' }).fill('yes');
    await add.getByRole('button', { name: 'Save' }).click();
    // The zod rule answers first: equal values, on the false value's field.
    await expect(add.getByText('must differ from the truevalue')).toBeVisible();
    await expect(add.getByRole('textbox', { name: 'False value' })).toHaveAttribute('aria-invalid', 'true');
    await add.getByRole('textbox', { name: 'False value' }).fill('no');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('The name is taken.')).toBeVisible();
    await expect(add.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'reference-permission-error');
    await add.getByRole('textbox', { name: 'Name' }).fill(permission);
    await save(page, add, `Permission saved: ${permission}`);
    const added = row(grid(page, 'Permissions'), permission);
    await expect(added).toContainText(app);
    await expect(added).toContainText('yes');

    await page.getByRole('button', { name: `Edit permission ${permission}` }).click();
    const edit = dialog(page, 'Edit permission');
    await edit.getByRole('textbox', { name: 'False value' }).fill('never');
    await save(page, edit, `Permission saved: ${permission}`);
    await expect(row(grid(page, 'Permissions'), permission)).toContainText('never');
    await expectAccessible(page, 'permissions');
  });

  await test.step("templates: the new company's role gets the permission's default, then another", async () => {
    await tab(page, 'Role templates').click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Company' }), company);
    await expect(page.getByText('No role templates yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add template' }).click();
    const add = dialog(page, 'Add role template');
    await expect(add.getByRole('combobox', { name: 'Company' })).toHaveValue(company);
    await chooseOption(page, add.getByRole('combobox', { name: 'Role' }), 'Franchise User');
    await chooseOption(page, add.getByRole('combobox', { name: 'Permission' }), `${permission} (yes / never)`);
    await add.getByRole('radio', { name: 'yes' }).check();
    await expectAccessible(page, 'template dialog');
    await shot(page, 'reference-template-dialog');
    await save(page, add, `Role template saved: ${permission} = yes`);
    const templates = grid(page, 'Role templates');
    await expect(row(templates, permission)).toContainText('Franchise User');
    await expect(row(templates, permission)).toContainText('yes');

    await page.getByRole('button', { name: `Edit template ${company} Franchise User ${permission}` }).click();
    const edit = dialog(page, 'Edit role template');
    await expect(edit.getByRole('combobox', { name: 'Company' })).toBeDisabled();
    await edit.getByRole('radio', { name: 'never' }).check();
    await save(page, edit, `Role template saved: ${permission} = never`);
    await expect(row(templates, permission)).toContainText('never');
    await expectAccessible(page, 'templates');
    await shot(page, 'reference-templates');
  });

  await test.step('the audit log: the changes just made, newest first, with before and after', async () => {
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    const rows = page.getByTestId('audit-row');
    await expect(rows.first()).toContainText('Role template');
    await expect(rows.first()).toContainText('update');
    await expect(rows.first()).toContainText('DefaultValue: was yes → now never');
    await expect(rows.first()).toContainText('admin');
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(row(log, `BrandName: was ${brand} draft → now ${brand}`)).toHaveCount(1);
    await expect(row(log, `BrandName: set to ${brand} draft`)).toContainText('create');
    // Ids read as their names: the role given to the company, the new permission's application.
    await expect(row(log, 'Roles: + MeasureIt Measurer (#8)')).toContainText('Company');
    await expect(row(log, `Name: set to ${permission}`)).toContainText(`ApplicationId: set to ${app} (#`);
    await expect(row(log, 'Values.falsevalue: was no → now never')).toContainText('Permission');
    await expect(row(log, `URL: set to /e2e-app`)).toContainText('Application');
    await expectAccessible(page, 'audit log');
    await shot(page, 'audit-log');
  });

  await test.step("the new franchise's first user, and the log of that user alone", async () => {
    // The user screens have journeys of their own (user-admin.spec.ts): the user is made through the API, of the new company and role.
    const ids = async (name: string) =>
      (await (await page.request.post(`/api/users/${name}/`, { headers })).json()) as never;
    const headers = { authorization: `Bearer ${await pageToken(page)}` };
    const brands = (await ids('brands')) as { BrandId: number; BrandName: string }[];
    const companies = (await ids('companies')) as { CompanyId: number; Description: string }[];
    const username = uniqueUsername('e2e_fr');
    const created = await page.request.post('/api/users/user/', {
      headers,
      data: {
        Username: username,
        FirstName: 'Fran',
        LastName: 'Chisee',
        BrandId: brands.find((b) => b.BrandName === brand)?.BrandId,
        CompanyId: companies.find((c) => c.Description === company)?.CompanyId,
        RoleId: 4,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { user } = (await created.json()) as { user: { UserId: number } };
    const reset = await page.request.put(`/api/users/${user.UserId}/password/`, {
      headers,
      data: { password: 'Reset-pass1', confirmPassword: 'Reset-pass1' },
    });
    expect(reset.status(), await reset.text()).toBe(200);

    await page.reload();
    // Newest first: the reset, then the creation, each naming its user; the creation's ids by their names.
    await expect(page.getByTestId('audit-row').first()).toContainText(`password`);
    await expect(page.getByTestId('audit-row').first()).toContainText(`${username} (#${user.UserId})`);
    const creation = page.getByTestId('audit-row').nth(1);
    await expect(creation).toContainText(`${username} (#${user.UserId})`);
    await expect(creation).toContainText(`CompanyId: set to ${company} (#`);
    await expect(creation).toContainText(`BrandId: set to ${brand} (#`);
    await expect(creation).toContainText('RoleId: set to Franchise User (#4)');
    const filter = page.getByRole('combobox', { name: 'Changes to user' });
    await filter.fill(username);
    await page.getByRole('option', { name: `${username} (Fran Chisee)` }).click();
    await expect(page).toHaveURL(new RegExp(`userId=${user.UserId}`));
    await expect(page.getByTestId('audit-row')).toHaveCount(2);
    await expect(page.getByText('2 changes', { exact: true })).toBeVisible();
    await expect(row(page.getByRole('table', { name: 'Audit log' }), `Username: set to ${username}`)).toContainText(
      'create',
    );
    // Times are the call centre's, and say so; every action reads whole, the longest ('password') too.
    await expect(page.getByRole('columnheader', { name: 'When (America/Chicago)' })).toBeVisible();
    const action = page.getByTestId('audit-row').getByText('password', { exact: true });
    await expect(action).toBeVisible();
    const cut = await page
      .getByTestId('audit-row')
      .locator('.mantine-Badge-label')
      .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
    expect(cut).toEqual([]);
    await expectAccessible(page, 'audit log of one user');
    await shot(page, 'audit-log-user');
  });
});

test('a user manager (role 6) may not open the reference data or the audit log', async ({ page }) => {
  await signIn(page, 'usermanager');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Reference data' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/UserManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reference data' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  for (const path of ['/admin/reference/companies', '/admin/audit']) {
    await page.goto(path);
    await expect(toast(page, 'Access Denied.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /Reference data|Audit log/ })).toHaveCount(0);
  }
});
