import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rules from './eslint-tests.js';

/** The lint rules for tests (tools/eslint-tests.js) on small samples: what they let through and what they flag. */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('assertion', rules.rules.assertion, {
  valid: [
    `it('adds', () => { expect(1 + 1).toBe(2); });`,
    `test('a journey', async ({ page }) => { await expect(page.getByText('Saved')).toBeVisible(); });`,
    `it.each([1, 2])('%s', (n) => { expect(n).toBeGreaterThan(0); });`,
    `it.skipIf(x)('on a server', async () => { await expect.poll(() => n).toBe(1); });`,
    `it('a property', () => { fc.assert(fc.property(fc.nat(), (n) => n >= 0)); });`,
    `it('through a helper', async () => { await api.expectExact({ a: 1 }); });`,
    `const check = (v) => expect(v).toBe(1);
     it('through a local function', () => { check(1); });`,
    `function deeper(v) { check(v); }
     function check(v) { expect(v).toBe(1); }
     it('through two local functions', () => { deeper(1); });`,
    `test.describe('a group', () => {}); test.beforeEach(() => {}); test.skip(true, 'not here');`,
  ],
  invalid: [
    { code: `it('sends the request', async () => { await send(); });`, errors: [{ messageId: 'none' }] },
    {
      code: `test('only waits', async ({ page }) => { await page.waitForRequest('**/api/x'); });`,
      errors: [{ messageId: 'none' }],
    },
    {
      code: `const wait = () => until(() => done);
             it.each([1])('%s', async () => { await wait(); });`,
      errors: [{ messageId: 'none' }],
    },
  ],
});

tester.run('no-conditional-expect', rules.rules['no-conditional-expect'], {
  valid: [
    `it('always', () => { expect(a).toBe(1); if (b) return; });`,
    `it('both branches', () => { if (a) expect(b).toBe(1); else expect(c).toBe(2); });`,
    `it('a chain that ends in else', () => { if (a) expect(b).toBe(1); else if (c) expect(d).toBe(2); else expect(e).toBe(3); });`,
    `it('asserts the condition', () => { expect(x).toBeDefined(); expect(x.y).toBe(1); });`,
    // A helper's optional part is its callers' choice.
    `function check(a, message) { if (message) expect(a.message).toBe(message); }
     it('uses a helper', () => { check(a, 'm'); });`,
    `it('in a loop', () => { for (const r of rows) expect(r).toBeTruthy(); });`,
  ],
  invalid: [
    {
      code: `it('maybe', () => { if (row) expect(row.n).toBe(1); });`,
      errors: [{ messageId: 'conditional', data: { what: 'an if without else' } }],
    },
    {
      code: `it('maybe not', () => { if (a) { expect(1).toBe(1); } else if (b) { expect(2).toBe(2); } });`,
      errors: [{ messageId: 'conditional' }, { messageId: 'conditional' }],
    },
    {
      code: `test('a journey', async ({ page }) => { if (n > 0) await expect(page.getByText('x')).toBeVisible(); });`,
      errors: [{ messageId: 'conditional' }],
    },
    {
      code: `it('in a callback', () => { if (a) rows.forEach((r) => expect(r).toBeTruthy()); });`,
      errors: [{ messageId: 'conditional' }],
    },
    {
      code: `it('a property', () => { fc.assert(fc.property(fc.nat(), (n) => { if (n > 3) expect(n).toBeGreaterThan(3); })); });`,
      errors: [{ messageId: 'conditional' }],
    },
    {
      code: `it('only if it throws', () => { try { run(); } catch (e) { expect(e).toBeInstanceOf(Error); } });`,
      errors: [{ messageId: 'conditional', data: { what: 'a catch' } }],
    },
  ],
});
