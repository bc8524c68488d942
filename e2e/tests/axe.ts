/**
 * One way for every journey to scan a page with axe-core: WCAG 2.0 and 2.1, levels A and AA, once nothing on the page
 * is moving (a dialog, a toast or a grid row caught half faded reads to axe as low contrast), with one readable line
 * per violation.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { settled } from './helpers.js';

/** WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The toasts: they come and go, and a screen's scan leaves them out (a11y.spec.ts scans them). */
export const TOASTS = ['.mantine-Notifications-root'];
/** The app shell's header and toasts: a screen's own scan leaves them out (a11y.spec.ts scans the shell). */
export const APP_SHELL = ['[data-app-header]', ...TOASTS];

/**
 * What to scan: the whole page by default, or one part of it, less some parts; `hover`, with the pointer resting on
 * that element (a hovered link or button has colours of its own that a scan of the page at rest never sees).
 */
export interface AxeScope {
  include?: string;
  exclude?: readonly string[];
  hover?: Locator;
}

/** Every WCAG violation in the scope, once the page has settled: rule, impact, help, and where with what is wrong. */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  const hovered = scope.hover;
  if (hovered) {
    await hovered.hover();
    // The pointer is really there: the scan sees the hovered colours, not the ones at rest.
    await expect.poll(() => hovered.evaluate((el) => el.matches(':hover'))).toBe(true);
  }
  await settled(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (scope.include) builder = builder.include(scope.include);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'no impact'}): ${v.help} at ${v.nodes
        .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.trim())
        .join('; ')}`,
  );
}

/** Fail the journey here if the scope has any WCAG violation. */
export async function expectAxeClean(page: Page, what: string, scope: AxeScope = {}): Promise<void> {
  expect(await axeViolations(page, scope), what).toEqual([]);
}

/** Record the scope's WCAG violations as a soft failure, and let the journey go on to its other screens. */
export async function expectAxeCleanSoft(page: Page, what: string, scope: AxeScope = {}): Promise<void> {
  expect.soft(await axeViolations(page, scope), what).toEqual([]);
}
