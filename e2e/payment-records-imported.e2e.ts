import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, baseUrl, screenshot, signedInSuite } from './support/browser';

/**
 * 支付设置 → 收款记录 → 历史导入 (decision 194): demo_netbar imports the online collection of a source store
 * of the legacy simulator (support/global-setup.ts) through the console's calls, then finds the records on
 * the tab, read-only, with the 合计.
 */
let page: Page;
signedInSuite(ACCOUNTS.netbar, (p) => {
  page = p;
});

const call = (path: string, body: Record<string, string>) =>
  page.evaluate(
    async ({ path, body }) => {
      const r = await fetch(path, {
        method: 'POST',
        body: new URLSearchParams(body),
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        credentials: 'include',
      });
      return (await r.json()) as { status: number; data: unknown };
    },
    { path, body },
  );

describe('历史导入 on the payment records', () => {
  it('shows the imported online collection read-only with its total', async () => {
    await page.goto(`${baseUrl()}/home`);
    const password = createHash('md5').update('demo123').digest('hex');
    const login = await call('/api/v1/verify_panda_account', { user_name: 'demo', password });
    const stores = (login.data as { code: number; data: { id: number }[] }).data;
    expect(stores.length).toBeGreaterThan(0);
    const started = await call('/api/v1/netbar_import_fsyg_goods', {
      product: '10',
      netbar_id: String(stores[0]!.id),
    });
    expect(started.status).toBe(200);
    await page.goto(`${baseUrl()}/application_manage/payment_settings`);
    await page.getByRole('tab', { name: '历史导入' }).click();
    const rows = page.locator('tr.ant-table-row').filter({ hasText: '历史导入' });
    await expect
      .poll(
        async () => {
          await page
            .getByRole('button', { name: /查\s*询/ })
            .last()
            .click();
          return rows.count();
        },
        { timeout: 60_000, interval: 3_000 },
      )
      .toBeGreaterThan(0);
    expect(await rows.first().getByRole('button').count()).toBe(0);
    await page.getByText('合计').last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await screenshot(page, 'payment-records-imported');
  });
});
