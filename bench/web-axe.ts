// axe-core (WCAG 2 A/AA) over every screen a demo account can open: its leaf routes of the contract's
// route table that its path ids allow (the sidebar's entries and the hidden screens without a parameter).
import AxeBuilder from '@axe-core/playwright';
import { canAccess, flattenRoutes } from '@netbar/contract';
import type { Browser, Page } from 'playwright-core';
import { loginForm } from './web-server.ts';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
export type Impact = (typeof IMPACTS)[number];
export interface ScreenResult {
  path: string;
  /** Affected elements by impact. */
  nodes: Record<Impact, number>;
  /** Rule ids of serious and critical violations, with their element counts. */
  severe: string[];
}

const zero = (): Record<Impact, number> => ({ critical: 0, serious: 0, moderate: 0, minor: 0 });

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => {});
  await page.waitForTimeout(300);
}

export async function axeScreen(page: Page, path: string): Promise<ScreenResult> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const nodes = zero();
  const severe: string[] = [];
  for (const v of violations) {
    const impact = (v.impact ?? 'minor') as Impact;
    nodes[impact] += v.nodes.length;
    if (impact === 'serious' || impact === 'critical') severe.push(`${v.id}×${v.nodes.length}`);
  }
  return { path, nodes, severe };
}

/** Screens of an account: the leaf routes its path ids allow, without dynamic segments. */
function screensOf(pathIds: number[]): string[] {
  return flattenRoutes()
    .filter((n) => n.access !== 'public' && !n.children?.length && !n.path.includes(':'))
    .filter((n) => !n.path.startsWith('/error/') && canAccess(n, pathIds))
    .map((n) => n.path);
}

/** A page signed in as `who` (session cookie and the stored user, as the console keeps them). */
async function signedIn(browser: Browser, base: string, who: { user_name: string; type: number }) {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.goto(`${base}/account/login`);
  const user = await page.evaluate(
    async ([body]) => {
      const r = await fetch('/api/v1/login', {
        method: 'POST',
        body,
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
      return (await r.json()).data;
    },
    [loginForm(who.user_name, who.type)],
  );
  await page.evaluate((u) => {
    localStorage.setItem('user', JSON.stringify(u));
    sessionStorage.setItem('user', JSON.stringify(u));
  }, user);
  return { ctx, page, user };
}

export async function axeAccount(
  browser: Browser,
  base: string,
  who: { user_name: string; type: number },
): Promise<ScreenResult[]> {
  const { ctx, page, user } = await signedIn(browser, base, who);
  const ids: number[] = (user?.auth?.path ?? []).map((p: { id: number }) => p.id);
  const out: ScreenResult[] = [];
  for (const path of screensOf(ids)) {
    await page.goto(`${base}${path}`);
    await settle(page);
    out.push(await axeScreen(page, path));
  }
  await ctx.close();
  return out;
}

/**
 * The public seat pages of a store (/jiweitu, /diagram_preview: public routes behind the store's link
 * token, so not among an account's screens), read once their seats are drawn.
 */
export async function axePublicSeats(
  browser: Browser,
  base: string,
  owner: { user_name: string; type: number },
): Promise<ScreenResult[]> {
  const { ctx, page } = await signedIn(browser, base, owner);
  const token: string = await page.evaluate(
    async () => (await (await fetch('/api/v1/seat_link')).json()).data?.token ?? '',
  );
  const out: ScreenResult[] = [];
  for (const path of ['/jiweitu', '/diagram_preview']) {
    const guest = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const p = await guest.newPage();
    await p.goto(`${base}${path}?token=${token}`);
    await p.locator('section[aria-label] button').first().waitFor({ timeout: 10_000 });
    await settle(p);
    out.push(await axeScreen(p, path));
    await guest.close();
  }
  await ctx.close();
  return out;
}

export async function axeLogin(browser: Browser, base: string): Promise<ScreenResult> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.goto(`${base}/account/login`);
  await settle(page);
  const r = await axeScreen(page, '/account/login');
  await ctx.close();
  return r;
}

export function sumNodes(rs: ScreenResult[]): Record<Impact, number> {
  const t = zero();
  for (const r of rs) for (const k of IMPACTS) t[k] += r.nodes[k];
  return t;
}
