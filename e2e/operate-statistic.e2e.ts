import { fenToYuan, type OperateStatistic } from '@netbar/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dropdownOption } from './support/antd';
import { ACCOUNTS, baseUrl, screenshot, signedInSuite } from './support/browser';
import { storedUser, userMenu } from './support/shell';

/**
 * 经营统计 (241) as demo_netbar: the 90 demo days, the chain side by side, one figure against the API; then
 * switched to 星际网咖二店 (门店切换), the report narrows to that store's own demo trading (issue 15).
 */
let page: Page;
signedInSuite(ACCOUNTS.netbar, (p) => {
  page = p;
});

async function api(query: Record<string, string | number>): Promise<OperateStatistic> {
  return page.evaluate(async (q) => {
    const qs = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
    return (await (await fetch(`/api/v1/operate_statistic?${qs}`, { credentials: 'include' })).json()).data;
  }, query);
}
const card = (title: string) =>
  page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');
const period = async () => ({
  start: await page.locator('.ant-picker-input input').nth(0).inputValue(),
  end: await page.locator('.ant-picker-input input').nth(1).inputValue(),
});

describe('经营统计 (241)', () => {
  it('shows the last 30 business days of the chain with the figures the API gives', async () => {
    await page.goto(`${baseUrl()}/operating_statements/operate_statistic`);
    await page.getByText('门店对比').waitFor();
    const p = await period();
    const want = await api({ ...p, group: 'day' });
    expect(want.totals.revenue_fen).toBeGreaterThan(0);
    expect(await card('营业收入(元)').innerText()).toBe(fenToYuan(want.totals.revenue_fen));
    expect(await card('实收净额(元)').innerText()).toBe(fenToYuan(want.totals.net_cash_fen));
    await expect
      .poll(() => page.getByRole('img', { name: '营业收入按来源' }).locator('canvas').count())
      .toBe(1);
    const detail = page.locator('.ant-card').filter({ hasText: '按日明细' });
    expect(await detail.locator('.ant-table-row').count()).toBe(30);
    await screenshot(page, 'operate-statistic-chain');
  });

  it('按月 and one store of the chain narrow it, still equal to the API', async () => {
    await page.getByText('按月', { exact: true }).click();
    await page.locator('.ant-card').filter({ hasText: '按月明细' }).waitFor();
    await page.getByRole('combobox', { name: '门店' }).click();
    await dropdownOption(page, '星际网咖旗舰店').click();
    await expect.poll(() => page.getByText('门店对比').count()).toBe(0);
    const chosen = (await api({ ...(await period()), group: 'month' })).choices.find(
      (c) => c.name === '星际网咖旗舰店',
    );
    const want = await api({ ...(await period()), group: 'month', store_id: Number(chosen?.id) });
    expect(want.totals.revenue_fen).toBeGreaterThan(0);
    await expect.poll(() => card('营业收入(元)').innerText()).toBe(fenToYuan(want.totals.revenue_fen));
    expect(await page.getByText('（星际网咖旗舰店）').count()).toBe(1);
    await screenshot(page, 'operate-statistic-store');
  });

  it('switched to 星际网咖二店, the report shows that store alone: equal to the API, not the chain', async () => {
    await page.goto(`${baseUrl()}/operating_statements/operate_statistic`);
    await page.getByText('门店对比').waitFor();
    const p = await period();
    const chain = await api({ ...p, group: 'day' });
    expect(chain.stores.length).toBeGreaterThan(1);
    const before = await storedUser(page);
    await userMenu(page, '门店切换');
    const stores = page.getByRole('dialog');
    await stores.getByText('当前门店').waitFor();
    await stores
      .getByRole('row')
      .filter({ hasText: '星际网咖二店' })
      .getByRole('button', { name: /切\s*换/ })
      .click();
    await page.waitForURL(/\/home2$/);
    expect((await storedUser(page))?.nid).not.toBe(before?.nid);
    await page.getByText('今日经营 · 星际网咖二店').waitFor();
    await screenshot(page, 'home2-second-store');
    await page.goto(`${baseUrl()}/operating_statements/operate_statistic`);
    await page.locator('.ant-card').filter({ hasText: '按日明细' }).waitFor();
    const want = await api({ ...(await period()), group: 'day' });
    // the session's store now: 二店 alone, with its own 90 days of demo trading
    expect(want.choices.map((c) => c.name)).toEqual(['星际网咖二店']);
    expect(want.totals.revenue_fen).toBeGreaterThan(0);
    expect(want.totals.revenue_fen).toBeLessThan(chain.totals.revenue_fen);
    await expect.poll(() => card('营业收入(元)').innerText()).toBe(fenToYuan(want.totals.revenue_fen));
    expect(await card('营业收入(元)').innerText()).not.toBe(fenToYuan(chain.totals.revenue_fen));
    expect(await page.getByText('门店对比').count()).toBe(0);
    await screenshot(page, 'operate-statistic-second-store');
  });
});
