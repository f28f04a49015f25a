import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  closeBy,
  confirmPop,
  modal as frontModal,
  okModal,
  pickUntil,
  selectIn,
  tableRow,
} from './support/antd';
import { ACCOUNTS, baseUrl, screenshot, signedInSuite } from './support/browser';

/** 云计费 (decision 117): rate plan editor, a counter logon, 强制下机, the history. */

let page: Page;
signedInSuite(ACCOUNTS.netbar, (p) => {
  page = p;
});

const u = Date.now().toString().slice(-5);
const PLAN = `包间钻石${u}`;
const modal = () => frontModal(page);
/** The first option of the dropdown just opened (not one still closing). */
const firstOption = () =>
  page
    .locator('.ant-select-dropdown:visible:not(.ant-select-dropdown-hidden):not(.ant-slide-up-leave)')
    .last()
    .locator('.ant-select-item-option')
    .first();
const URL = () => `${baseUrl()}/application_manage/handover/cloud_billing`;

async function api<T>(path: string, body?: Record<string, string | number>): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const r = body
        ? await fetch(`/api/v1/${path}`, {
            method: 'POST',
            body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
            headers: { 'x-requested-with': 'XMLHttpRequest' },
            credentials: 'include',
          })
        : await fetch(`/api/v1/${path}`, { credentials: 'include' });
      return (await r.json()).data;
    },
    { path, body },
  ) as Promise<T>;
}

describe('cloud billing, as demo_netbar', () => {
  it('adds a rate plan for one area and level, with a night band, a 通宵 package and a live preview', async () => {
    // the target (包间 + 钻石会员) may hold a plan from an earlier run: start clean
    const plans = await api<{ list: { id: number; area_name: string; level_name: string }[] }>(
      'rate_plan_list',
    );
    for (const p of plans.list.filter((x) => x.area_name === '包间' && x.level_name === '钻石会员'))
      await api('rate_plan_delete', { id: p.id });
    await page.goto(URL());
    await page.getByRole('tab', { name: '计费方案' }).click();
    await tableRow(page, '全场标准').waitFor();
    await page.getByRole('button', { name: '新增方案' }).click();
    await modal().getByLabel('方案名称').fill(PLAN);
    await pickUntil(page, selectIn(modal(), '全部区域'), '包间', selectIn(modal(), '包间'));
    await pickUntil(page, selectIn(modal(), '全部等级'), '钻石会员', selectIn(modal(), '钻石会员'));
    await expect.poll(() => modal().locator('.ant-alert').first().innerText()).toMatch(/应收¥/);
    await screenshot(page, 'cloud-billing-plan-editor');
    // an end before the start without 次日 is refused in the form, as on the server
    await modal().getByRole('checkbox', { name: '次日' }).first().uncheck();
    await okModal(modal());
    await modal().getByText('时段结束时间须晚于开始时间（跨零点请选择次日）').first().waitFor();
    await modal().getByRole('checkbox', { name: '次日' }).first().check();
    await okModal(modal());
    await modal().waitFor({ state: 'hidden' });
    await tableRow(page, PLAN).waitFor();
    expect(await tableRow(page, PLAN).innerText()).toMatch(/通宵 22:00-次日08:00/);
    await screenshot(page, 'cloud-billing-plans');
  });

  it('logs a member on at the counter, shows the session, forces it off and keeps it in the history', async () => {
    await page.goto(URL());
    await page.getByRole('button', { name: '会员上机' }).click();
    await selectIn(modal(), '输入姓名').click();
    // a member with at least ¥10 (the demo has members whose balance is spent: their logon is refused)
    const first = page
      .locator('.ant-select-dropdown:visible:not(.ant-select-dropdown-hidden):not(.ant-slide-up-leave)')
      .last()
      .locator('.ant-select-item-option')
      .filter({ hasText: /余额¥[1-9]\d+\./ })
      .first();
    await first.waitFor();
    const label = await first.innerText();
    const name = label.split('（')[0]!;
    await first.click();
    await selectIn(modal(), '选择空闲机器').click();
    await firstOption().click();
    await okModal(modal());
    await modal().waitFor({ state: 'hidden' });
    const row = tableRow(page, name);
    await row.waitFor();
    expect(await row.innerText()).toMatch(/¥0\.\d\d|¥\d+\.\d\d/);
    await screenshot(page, 'cloud-billing-online');

    await row.getByRole('button', { name: '计费明细' }).click();
    await page.locator('.ant-drawer').getByText('按费率计算（每开始一分钟计费）').waitFor();
    await page.waitForTimeout(400); // the drawer's slide-in
    await screenshot(page, 'cloud-billing-detail');
    await closeBy(page, page.locator('.ant-drawer .ant-drawer-close'));

    await confirmPop(page, row.getByRole('button', { name: '强制下机' }), '强制下机？');
    await page.getByText(/已下机，本次共扣费¥/).waitFor();
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: name }).count()).toBe(0);

    await page.getByRole('tab', { name: '上机记录' }).click();
    const hist = tableRow(page, '强制下机');
    await hist.waitFor();
    expect(await hist.innerText()).toContain(name);
    await screenshot(page, 'cloud-billing-history');
  });
});
