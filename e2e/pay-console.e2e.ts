import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  baseUrl,
  expectNoPageErrors,
  launch,
  loginViaApi,
  newPage,
  screenshot,
} from './support/browser';

/**
 * 交易查询 (decision 172): demo_netbar asks for a refund of one of its scan payments on 支付设置's 扫码收款记录;
 * demo_pay finds the payment in 交易查询, opens it (notification log, the request) and approves the refund.
 */

let browser: Awaited<ReturnType<typeof launch>>;
let owner: Page;
let pay: Page;
beforeAll(async () => {
  browser = await launch();
  owner = await newPage(browser);
  await loginViaApi(owner, ACCOUNTS.netbar);
  pay = await newPage(browser);
  await loginViaApi(pay, ACCOUNTS.pay);
});
afterAll(() => browser?.close());

let paymentNo = '';

describe('trade search and refunds on request', () => {
  it('demo_netbar asks for a refund of a scan payment on 支付设置', async () => {
    await owner.goto(`${baseUrl()}/application_manage/payment_settings`);
    const card = owner.locator('.ant-card').filter({ hasText: '扫码收款记录' });
    await card.getByRole('button', { name: '申请退款' }).first().waitFor({ timeout: 30_000 });
    const row = card
      .locator('tr.ant-table-row')
      .filter({ has: owner.getByRole('button', { name: '申请退款' }) })
      .first();
    paymentNo = (await row.locator('td').first().innerText()).trim();
    expect(paymentNo).toMatch(/^P\d{14}[0-9A-F]{8}$/);
    await row.getByRole('button', { name: '申请退款' }).click();
    const dialog = owner.getByRole('dialog').filter({ hasText: '申请退款' });
    await dialog.getByLabel('退款金额（元）').fill('1');
    await dialog.getByLabel('退款原因').fill('顾客要求退款（e2e）');
    await screenshot(owner, 'pay-console-store-request');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await owner.getByText('退款申请已提交，等待支付公司审核').waitFor();
    await card.locator('tr.ant-table-row').filter({ hasText: paymentNo }).getByText('退款待审核').waitFor();
    expectNoPageErrors(owner);
  });

  it('demo_pay searches it, opens it and approves the refund', async () => {
    await pay.goto(`${baseUrl()}/merchantManage/trade`);
    await pay.getByLabel('支付单号/通道交易号').fill(paymentNo);
    await pay
      .getByRole('button', { name: /查\s*询/ })
      .first()
      .click();
    // the search answers exactly that payment (the first page before it may show it too)
    await expect.poll(() => pay.locator('tr.ant-table-row').count(), { timeout: 30_000 }).toBe(1);
    const row = pay.locator('tr.ant-table-row').filter({ hasText: paymentNo });
    await row.getByText('退款待审核').waitFor({ timeout: 30_000 });
    await screenshot(pay, 'pay-console-search');
    await row.getByRole('button', { name: /详\s*情/ }).click();
    const drawer = pay.locator('.ant-drawer:visible');
    await drawer.getByText('已入账').waitFor();
    await drawer.getByText('顾客要求退款（e2e）').waitFor();
    await screenshot(pay, 'pay-console-detail');
    await drawer.getByRole('button', { name: /^同\s*意$/ }).click();
    await pay.getByRole('button', { name: '同意退款' }).click();
    await pay.getByText('已同意，退款成功').waitFor();
    await drawer.getByText('申请已退款').waitFor();
    await drawer.getByText('¥1.00').first().waitFor();
    await screenshot(pay, 'pay-console-approved');
    expectNoPageErrors(pay);
  });

  it('the store sees the request refunded', async () => {
    await owner.reload();
    const card = owner.locator('.ant-card').filter({ hasText: '扫码收款记录' });
    await card.locator('tr.ant-table-row').filter({ hasText: paymentNo }).getByText('申请已退款').waitFor({
      timeout: 30_000,
    });
    expectNoPageErrors(owner);
  });
});
