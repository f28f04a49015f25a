// axe-core on the screen a spec is looking at: any serious or critical WCAG 2 A/AA violation fails the
// test, with the rule and the first elements it names (issue 21; the bench walks every screen).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical violations of the current screen, one line each. */
export async function severeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} ×${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** Fails the test when the current screen has a serious or critical violation. */
export async function expectAccessible(page: Page, screen = new URL(page.url()).pathname) {
  // let the screen's data arrive first: an empty loading table is not what a user reads
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  expect(await severeViolations(page), `axe：${screen}`).toEqual([]);
}
