import {
  type ComputerStatistics,
  type DeadStockAnswer,
  fenToYuan,
  type SalesRankingAnswer,
} from '@netbar/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, baseUrl, screenshot, signedInSuite } from './support/browser';

/** 上机统计 (240), 销售排行 (237), 滞销统计 (238) as demo_netbar: the demo's data, one figure against the API. */
let page: Page;
signedInSuite(ACCOUNTS.netbar, (p) => {
  page = p;
});

async function api<T>(path: string, query: Record<string, string | number>): Promise<T> {
  return page.evaluate(
    async ({ path, q }) => {
      const qs = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
      return (await (await fetch(`/api/v1/${path}?${qs}`, { credentials: 'include' })).json()).data;
    },
    { path, q: query },
  );
}
const period = async () => ({
  start: await page.locator('.ant-picker-input input').nth(0).inputValue(),
  end: await page.locator('.ant-picker-input input').nth(1).inputValue(),
});
const totalsRow = () => page.locator('.ant-table-summary tr').filter({ hasText: '合计' });

describe('operating reports (240, 237, 238)', () => {
  it("上机统计 shows the chain's last 30 days as the API counts them, with the heat map", async () => {
    await page.goto(`${baseUrl()}/operating_statements/computer_statistics`);
    await page.getByText('机器使用明细').waitFor();
    const want = await api<ComputerStatistics>('computer_statistics', await period());
    expect(want.summary.sessions).toBeGreaterThan(0);
    const sessions = page
      .locator('.ant-statistic')
      .filter({ hasText: '上机次数' })
      .locator('.ant-statistic-content');
    expect((await sessions.innerText()).replace(/,/g, '')).toBe(String(want.summary.sessions));
    await expect
      .poll(() => page.getByRole('img', { name: '时段在用率热力图' }).locator('canvas').count())
      .toBeGreaterThan(0);
    expect(await totalsRow().innerText()).toContain(fenToYuan(want.summary.fee_fen));
    await screenshot(page, 'computer-statistics-chain');
  });

  it("销售排行 ranks the demo's goods with the API's 合计", async () => {
    await page.goto(`${baseUrl()}/operating_statements/sales_ranking`);
    await totalsRow().waitFor();
    const want = await api<SalesRankingAnswer>('sales_ranking', { ...(await period()), rank_by: 'qty' });
    expect(want.count).toBeGreaterThan(0);
    expect(await totalsRow().innerText()).toContain(fenToYuan(want.totals.revenue_fen));
    expect(await page.locator('.ant-table-row').first().innerText()).toContain(want.list[0]!.name);
    await expect.poll(() => page.getByRole('img', { name: '销售排行图' }).locator('canvas').count()).toBe(1);
    await screenshot(page, 'sales-ranking-chain');
  });

  it('滞销统计 shows the peripherals never sold, value tied up as the API says', async () => {
    await page.goto(`${baseUrl()}/operating_statements/dead_stock`);
    await totalsRow().waitFor();
    const want = await api<DeadStockAnswer>('dead_stock', { days: 30 });
    expect(want.list.map((r) => r.name)).toContain('机械键盘');
    expect(await totalsRow().innerText()).toContain(fenToYuan(want.totals.value_fen));
    expect(await page.getByText('从未销售').count()).toBeGreaterThan(0);
    await screenshot(page, 'dead-stock-chain');
  });
});
