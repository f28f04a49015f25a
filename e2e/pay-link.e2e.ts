import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, baseUrl, launch, loginViaApi, newPage, screenshot } from './support/browser';
import { must } from './support/console';

/**
 * 钱包在线充值 (decision 167): demo_agent opens 我的钱包, 在线充值 ¥100 makes a single-use link whose QR
 * opens /pay/link/<token>; 去支付 → the sandbox pay page → 确认支付; the balance rises by 100.00.
 * 会员充值 link (decision 176): demo_netbar makes one for a member of its own, the phone pays it, the
 * member's 本金 rises by the amount.
 */
let browser: Awaited<ReturnType<typeof launch>>;
let agent: Page;
beforeAll(async () => {
  browser = await launch();
  agent = await newPage(browser);
  await loginViaApi(agent, ACCOUNTS.agent);
});
afterAll(() => browser?.close());

const balanceFen = (page: Page) =>
  page.evaluate(async () => {
    // the passport service (/api/v1) goes by the session cookie, as the console's own calls do
    const r = await fetch('/api/v1/agent_balance', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      cache: 'no-store',
    });
    return (await r.json()).data.balance_fen as number;
  });

describe('the agent wallet online recharge', () => {
  it('我的钱包 → 在线充值 ¥100 → the link page → 确认支付 → the balance rises by 100.00', async () => {
    await agent.goto(`${baseUrl()}/myWallet/fundManage`);
    await agent.getByRole('button', { name: '在线充值' }).click();
    const before = await balanceFen(agent);
    const dialog = agent.getByRole('dialog', { name: '在线充值' });
    await dialog.getByLabel('充值金额（元）').fill('100');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    const qr = agent.getByRole('dialog', { name: '收款二维码' });
    await qr.getByText('¥100.00').waitFor();
    await screenshot(agent, 'pay-link-wallet-qr');
    const url = (await qr.locator('.ant-typography').filter({ hasText: '/pay/link/' }).textContent())?.trim();
    expect(url).toMatch(/\/pay\/link\/[A-Za-z0-9_-]{43}$/);

    const phone = await newPage(browser);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(url!);
    await phone.getByText('¥100.00').waitFor();
    await screenshot(phone, 'pay-link-public');
    await phone.getByRole('button', { name: '去支付' }).click();
    await phone.waitForURL(/\/pay\?no=/);
    await phone.getByRole('button', { name: /确认支付/ }).click();
    await phone.getByText('支付成功').first().waitFor();
    await screenshot(phone, 'pay-link-paid');

    // The e2e server runs with NODE_ENV=test, where the sandbox's notification sender is off
    // (jobs/payment-notify.ts); the collecting store's query (pay_query, after 5 s) asks the acquirer
    // and settles the payment the same way (decision 161). In the demo the notification does it.
    const no = new URL(phone.url()).searchParams.get('no')!;
    const shop = await newPage(browser);
    const owner = (await loginViaApi(shop, ACCOUNTS.netbar)) as { token: string };
    expect(await settle(shop, owner.token, no)).toBe('已支付');
    const deadline = Date.now() + 15_000;
    let after = before;
    while (Date.now() < deadline && after === before) {
      await new Promise((r) => setTimeout(r, 300));
      after = await balanceFen(agent);
    }
    expect([before, after - before]).toEqual([before, 10_000]);
    await agent.reload();
    await agent.getByText('钱包余额（元）').waitFor();
    await screenshot(agent, 'pay-link-wallet-after');
  });
});

/** The store's bearer-token query of a payment: after 5 s it asks the acquirer and settles it (decision 161). */
async function settle(shop: Page, token: string, no: string) {
  await new Promise((r) => setTimeout(r, 5_500));
  return shop.evaluate(
    async ({ no, token }) => {
      const r = await fetch(`/api/c1/pay_query?payment_no=${no}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await r.json()).data?.status as string | undefined;
    },
    { no, token },
  );
}

describe('a member top-up link', () => {
  it("demo_netbar makes a 会员充值 link for a member; the phone pays it; the member's balance rises", async () => {
    const shop = await newPage(browser);
    const owner = (await loginViaApi(shop, ACCOUNTS.netbar)) as { token: string };
    const u = Date.now().toString().slice(-7);
    const card = `PL${u}`;
    const m = await must<{ id: number }>(shop, 'member_save', {
      card_kind: 2,
      card_no: card,
      name: `链接会员${u}`,
    });
    const principal = async () =>
      (await must<{ principal_fen: number }>(shop, `member_detail?id=${m.id}`)).principal_fen;
    const before = await principal();

    await shop.goto(`${baseUrl()}/payLink`);
    await shop.getByRole('button', { name: '新建收款链接' }).click();
    const form = shop.getByRole('dialog', { name: '新建收款链接' });
    await form.getByText('会员充值').first().waitFor();
    await form.getByLabel('会员卡号或手机号').fill(card);
    await form.getByLabel('标题').fill(`会员充值${u}`);
    await form.getByLabel('金额（元）').fill('50');
    await screenshot(shop, 'pay-link-topup-form');
    await form.getByRole('button', { name: /确\s*定|OK/ }).click();
    const qr = shop.getByRole('dialog', { name: '收款二维码' });
    await qr.getByText('¥50.00').waitFor();
    const url = (await qr.locator('.ant-typography').filter({ hasText: '/pay/link/' }).textContent())?.trim();
    expect(url).toMatch(/\/pay\/link\/[A-Za-z0-9_-]{43}$/);
    await qr.getByRole('button', { name: /Close|关闭/ }).click();
    await shop
      .getByRole('row')
      .filter({ hasText: `会员充值${u}` })
      .getByText(/会员充值（链\*+）/)
      .waitFor();
    await screenshot(shop, 'pay-link-topup-list');

    const phone = await newPage(browser);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(url!);
    await phone.getByText('¥50.00').waitFor();
    await phone.getByText(/充值会员：链\*+/).waitFor();
    await screenshot(phone, 'pay-link-topup-public');
    await phone.getByRole('button', { name: '去支付' }).click();
    await phone.waitForURL(/\/pay\?no=/);
    await phone.getByRole('button', { name: /确认支付/ }).click();
    await phone.getByText('支付成功').first().waitFor();
    const no = new URL(phone.url()).searchParams.get('no')!;
    expect(await settle(shop, owner.token, no)).toBe('已支付');
    const deadline = Date.now() + 15_000;
    let after = before;
    while (Date.now() < deadline && after === before) {
      await new Promise((r) => setTimeout(r, 300));
      after = await principal();
    }
    expect(after - before).toBe(5_000);
    await shop.reload();
    await shop
      .getByRole('row')
      .filter({ hasText: `会员充值${u}` })
      .getByText('已用完')
      .waitFor();
    await screenshot(shop, 'pay-link-topup-used');
  });
});
