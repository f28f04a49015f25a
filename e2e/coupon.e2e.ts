import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dropdownOption, modal, pickUntil, tableRow } from './support/antd';
import { ACCOUNTS, baseUrl, screenshot, signedInSuite } from './support/browser';
import { must } from './support/console';
import {
  counterGoods,
  counterQty,
  escapeRe,
  type Figures,
  orderDetail,
  payAtCounter,
  piecesOf,
  type ShiftRow,
} from './support/counter';

/**
 * 优惠券 (decision 186) as a store owner would: demo_netbar creates a 满减券 on 应用管理 › 优惠券, issues one to a
 * member found by mobile, rings the member up at the 收银台, applies the coupon (应收 drops by its amount), pays from
 * the balance; the order carries the discount and the record list shows the coupon used.
 */
let page: Page;
signedInSuite(ACCOUNTS.netbar, (p) => {
  page = p;
});

const u = Date.now().toString().slice(-6);
const NAME = `满5减1券${u.slice(-3)}`;
const MEMBER = `券测试${u.slice(-3)}`;
const MOBILE = `137${u}${u.slice(-2)}`;
/** The owner's open shift (a top-up opens one) handed over as counted, nothing left in the drawer. */
async function handOver(p: Page, request_id: string) {
  const cur = await must<{ shift: ShiftRow | null; figures: Figures | null }>(p, 'shift_current');
  if (!cur.shift) return;
  const counts = piecesOf(cur.figures!.expected_cash_fen).map(([face_fen, count]) => ({ face_fen, count }));
  await must(p, 'shift_handover', {
    id: cur.shift.id,
    request_id,
    counts: JSON.stringify(counts),
    float_left_fen: 0,
    carry_orders: false,
  });
}
const yuan = (s: string) => Number(s.replace(/[^\d.]/g, ''));

describe('优惠券 from the template to the order', () => {
  let memberId = 0;
  it('creates a 满减券 template on 应用管理 › 优惠券', async () => {
    memberId = (
      await must<{ id: number }>(page, 'member_save', {
        card_kind: 2,
        card_no: `QC${u}`,
        name: MEMBER,
        mobile: MOBILE,
      })
    ).id;
    await must(page, 'member_topup', { member_id: memberId, amount_fen: 5000, request_id: `cp${u}top` });
    await page.goto(`${baseUrl()}/application_manage/coupon`);
    await page.getByRole('button', { name: /新建优惠券/ }).click();
    const dialog = modal(page);
    await dialog.getByLabel('券名称').fill(NAME);
    await dialog.getByLabel('优惠金额').fill('1');
    await dialog.getByLabel('使用门槛（订单中适用商品满）').fill('5');
    await screenshot(page, 'coupon-template-form');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = tableRow(page, NAME);
    await row.waitFor();
    expect(await row.textContent()).toContain('满5减1');
    await screenshot(page, 'coupon-templates');
  });

  it('issues one to the member found by mobile', async () => {
    await tableRow(page, NAME).getByRole('button', { name: '发放' }).click();
    const dialog = modal(page);
    const member = dialog.getByLabel('会员');
    await member.click();
    await member.fill(MOBILE);
    await dropdownOption(page, MEMBER).click();
    await screenshot(page, 'coupon-issue');
    await dialog.getByRole('button', { name: /发\s*放/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(
        async () =>
          (await must<{ id: number; state: string }[]>(page, `member_coupons?member_id=${memberId}`)).length,
      )
      .toBe(1);
  });

  it('the cashier applies it: 应收 drops by 1 yuan, the order carries the discount, the record shows 已使用', async () => {
    await handOver(page, `cp${u}pre`);
    const goods = await counterGoods(page, await counterQty(page), 3);
    await page.goto(`${baseUrl()}/order/cashier`);
    // the shift was handed over above: the 收银台 asks to open one
    const open = modal(page);
    await open.getByLabel('备用金').fill('0');
    await open.getByRole('button', { name: /开班/ }).click();
    await page.getByTestId('cashier-shift').waitFor();
    await page.getByLabel('会员卡号或手机号').fill(MOBILE);
    await page.getByLabel('会员卡号或手机号').press('Enter');
    await page.getByTestId('cashier-member').getByText(MEMBER).waitFor();
    // goods until the cart reaches the coupon's 5 yuan
    for (let i = 0; i < 12 && yuan((await page.getByTestId('cashier-due').textContent()) ?? '') < 5; i++)
      await page
        .getByRole('button', { name: new RegExp(`^${escapeRe(goods[i % goods.length]!.name)}，`) })
        .click();
    const before = yuan((await page.getByTestId('cashier-due').textContent()) ?? '');
    expect(before).toBeGreaterThanOrEqual(5);
    await pickUntil(
      page,
      page.getByLabel('优惠券').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
      NAME,
      page.getByText('券 -¥1.00'),
    );
    await expect
      .poll(async () => yuan((await page.getByTestId('cashier-due').textContent()) ?? ''))
      .toBeCloseTo(before - 1, 2);
    await page.getByText('券 -¥1.00').waitFor();
    await screenshot(page, 'coupon-cashier');
    const no = await payAtCounter(page, 'member');
    const found = await must<{ list: { id: number; order_no: string }[] }>(
      page,
      `order_list?page=1&page_size=5&order_no=${no}`,
    );
    const order = await orderDetail(page, found.list.find((o) => o.order_no === no)!.id);
    expect(order).toMatchObject({ coupon_fen: 100, coupon_name: NAME });
    expect(order.total_fen).toBe(Math.round(before * 100) - 100);

    await page.goto(`${baseUrl()}/application_manage/coupon`);
    await page.getByRole('tab', { name: '优惠券记录' }).click();
    const rec = tableRow(page, MEMBER);
    await rec.waitFor();
    expect(await rec.textContent()).toContain('已使用');
    expect(await rec.textContent()).toContain(no);
    await screenshot(page, 'coupon-records');
    await handOver(page, `cp${u}end`);
  });
});
