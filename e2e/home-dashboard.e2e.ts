import { fenToYuan, type HomeAgentDashboard, type HomeStoreDashboard } from '@netbar/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, type Account, baseUrl, launch, loginViaApi, newPage, screenshot } from './support/browser';

/** The home dashboards (decision 158) as each demo account: one figure against the API, screenshots. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function homeAs(who: Account): Promise<Page> {
  const page = await newPage(browser);
  await loginViaApi(page, who);
  await page.goto(`${baseUrl()}/home`);
  return page;
}
const api = <T>(page: Page, path: string) =>
  page.evaluate(
    async (p) => (await (await fetch(`/api/v1/${p}`, { credentials: 'include' })).json()).data,
    path,
  ) as Promise<T>;
const figure = (page: Page, id: string) => page.getByTestId(`home-${id}`).locator('.ant-statistic-content');

describe('home dashboards', () => {
  it('demo_netbar: the chain today with 较上周同日, 营业收入 equal to the API', async () => {
    const page = await homeAs(ACCOUNTS.netbar);
    await page.getByText(/今日经营 · 全部门店/).waitFor();
    const want = await api<HomeStoreDashboard>(page, 'home_store_dashboard');
    expect(await figure(page, 'revenue').innerText()).toBe(fenToYuan(want.today.revenue_fen));
    expect(await figure(page, 'machines').innerText()).toBe(
      `${want.machines.online} / ${want.machines.total}`,
    );
    await screenshot(page, 'home-netbar');
    // /home2 (where a store switch lands) narrows to the current store, here the flagship
    await page.goto(`${baseUrl()}/home2`);
    await page.getByText('今日经营 · 星际网咖旗舰店').waitFor();
    const one = await api<HomeStoreDashboard>(page, `home_store_dashboard?store_id=${want.stores[0]!.id}`);
    expect(one.stores).toHaveLength(1);
    expect(await figure(page, 'revenue').innerText()).toBe(fenToYuan(one.today.revenue_fen));
    await screenshot(page, 'home2-netbar');
  });

  it('demo_agent: its netbars over 30 days, the chart drawn', async () => {
    const page = await homeAs(ACCOUNTS.agent);
    await page.getByText('旗下网吧活跃情况').waitFor();
    const want = await api<HomeAgentDashboard>(page, 'home_agent_dashboard');
    expect(await figure(page, 'machines').innerText()).toContain(
      `${want.machines.online} / ${want.machines.total}`,
    );
    expect(await figure(page, 'netbars').count()).toBe(0); // 网吧数 once, in the account cards
    await expect
      .poll(() => page.getByRole('img', { name: '近30天上线机器与活跃网吧' }).locator('canvas').count())
      .toBe(1);
    await screenshot(page, 'home-agent');
  });

  it('demo_admin: platform totals; demo_netbar_staff: a welcome without figures', async () => {
    const admin = await homeAs(ACCOUNTS.admin);
    await admin.getByText('平台概况 · 今日').waitFor();
    await screenshot(admin, 'home-admin');
    const staff = await homeAs(ACCOUNTS.netbarStaff);
    await staff.getByText('快捷入口').waitFor();
    expect(await staff.getByText(/今日经营/).count()).toBe(0);
    await screenshot(staff, 'home-netbar-staff');
  });
});
