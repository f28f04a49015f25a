// axe-core on the screen a spec is looking at: any serious or critical WCAG 2 A/AA violation fails the
// test, with the rule and the first elements it names (issue 21; the bench walks every screen).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits (up to 3 s) until no finite CSS transition or animation is running: a button that has just
 * become enabled fades from grey to its colour in 0.2 s, and axe reading it halfway sees white text on
 * a pale background. Endless ones (a spinner) do not count.
 */
export async function animationsSettled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3000, polling: 100 },
    )
    .catch(() => {});
}

/** Serious and critical violations of the current screen, one line each. */
export async function severeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  // axe.run in the page itself ("legacy" mode; the screens have no cross-origin frames), listing only the
  // violations: the default mode opens a blank page per call to merge the frames' results, which took 1.8 s
  // of a screen's 2.2 s (the menu walk reads some 150 screens)
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
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

const inFlight = new WeakMap<Page, { n: number; at: number }>();

/**
 * Counts the page's open requests from now on, for `networkQuiet`. Playwright's 'networkidle' load
 * state belongs to a navigation: after a client-side route change it is already reached, so a screen
 * read by axe right after a sidebar click could still be waiting for its data (an empty seat map).
 */
export function trackRequests(page: Page) {
  const t = { n: 0, at: Date.now() };
  inFlight.set(page, t);
  const done = () => {
    t.n = Math.max(0, t.n - 1);
    t.at = Date.now();
  };
  page.on('request', () => {
    t.n += 1;
    t.at = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Resolves once the tracked page has had no open request for `quietMs` (or after `timeoutMs`); an
 * untracked page waits for the navigation's 'networkidle'.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 10_000) {
  const t = inFlight.get(page);
  if (!t) return page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => {});
  const end = Date.now() + timeoutMs;
  while (Date.now() < end && (t.n > 0 || Date.now() - t.at < quietMs)) await page.waitForTimeout(100);
}

/** Fails the test when the current screen has a serious or critical violation. */
export async function expectAccessible(page: Page, screen = new URL(page.url()).pathname) {
  // let the screen's data arrive first: an empty loading table is not what a user reads
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  expect(await severeViolations(page), `axe：${screen}`).toEqual([]);
}
