import { fenToYuan, shanghaiDate } from '@netbar/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPick, tableSummary } from './support/antd';
import { ACCOUNTS, baseUrl, launch, loginViaApi, newPage, screenshot } from './support/browser';
import { must } from './support/console';

/**
 * 支付分润 (decision 171): demo_agent opens /myWallet/paymentProfit, the demo's settled days show, 合计
 * equals the API's totals for the default period (the last 30 Beijing days), and a record's 明细 drawer
 * lists its payments; demo_pay opens /merchantManage/payment_profit and filters by one agent.
 * The demo settles every past day (decision 171), so the records exist on a fresh server; nothing is written.
 */
let browser: Awaited<ReturnType<typeof launch>>;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

interface Totals {
  pay_count: number;
  profit_fen: number;
}
interface ProfitPage {
  list: { id: number; agent_name: string; netbar_name: string; day: string }[];
  count: number;
  totals: Totals;
}
const today = shanghaiDate();
const start = shanghaiDate(Date.now() - 29 * 86_400_000);
const records = (p: Page, extra = '') =>
  must<ProfitPage>(p, `payment_profit_list?start=${start}&end=${today}&page=1&page_size=20${extra}`);

/** The 合计 row's cells, trimmed. */
const summaryCells = async (p: Page) =>
  (await tableSummary(p).locator('td').allTextContents()).map((s) => s.trim());

describe('支付分润', () => {
  it('demo_agent: the records, 合计 equal to the API, a record’s 明细 drawer', async () => {
    const agent = await newPage(browser);
    await loginViaApi(agent, ACCOUNTS.agent);
    const api = await records(agent);
    expect(api.count).toBeGreaterThan(0);
    await agent.goto(`${baseUrl()}/myWallet/paymentProfit`);
    await agent.getByText('分润规则').waitFor();
    const first = agent.locator('.ant-table-tbody tr.ant-table-row').first();
    await first.waitFor();
    await tableSummary(agent).getByText('合计').waitFor();
    const cells = await summaryCells(agent);
    expect(cells).toContain(fenToYuan(api.totals.profit_fen));
    expect(cells).toContain(String(api.totals.pay_count));
    await screenshot(agent, 'payment-profit-agent');
    await first.getByRole('button', { name: '明细' }).click();
    const drawer = agent.getByRole('dialog').filter({ hasText: '分润明细 · ' });
    await drawer.getByText(/^分润明细 · /).waitFor();
    await drawer.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await expect(
      drawer
        .getByText(/^P\d{14}[0-9A-F]{8}$/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await screenshot(agent, 'payment-profit-agent-drawer');
  });

  it('demo_pay: every agent, filtered by one agent; 合计 equal to the API', async () => {
    const pay = await newPage(browser);
    await loginViaApi(pay, ACCOUNTS.pay);
    const agents = await must<{ value: number; label: string }[]>(pay, 'payment_profit_agents');
    expect(agents.length).toBeGreaterThan(0);
    const one = agents[0]!;
    const api = await records(pay, `&agent_id=${one.value}`);
    expect(api.count).toBeGreaterThan(0);
    await pay.goto(`${baseUrl()}/merchantManage/payment_profit`);
    await pay.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await searchPick(pay, pay.locator('.ant-select').filter({ has: pay.getByLabel('代理商') }), one.label);
    await pay.getByRole('button', { name: /查\s*询/ }).click();
    await expect
      .poll(async () => (await summaryCells(pay)).includes(fenToYuan(api.totals.profit_fen)), {
        timeout: 15_000,
      })
      .toBe(true);
    const agentCol = await pay.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)').allTextContents();
    expect(agentCol.length).toBeGreaterThan(0);
    expect(new Set(agentCol.map((s) => s.trim()))).toEqual(new Set([one.label]));
    await screenshot(pay, 'payment-profit-pay-company');
  });
});
