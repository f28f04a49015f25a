import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropdownOption, tableRow } from './support/antd';
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
 * 商户进件 (decision 163): demo_netbar2 continues its draft through the four steps with the five
 * documents and submits; demo_pay approves it in 进件审核 and opens it after signing.
 */

// a 1×1 PNG: the server re-encodes it as a JPEG without metadata
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const NAME = `极速网络工作室${Date.now().toString().slice(-5)}`;

let browser: Awaited<ReturnType<typeof launch>>;
let owner: Page;
let pay: Page;
beforeAll(async () => {
  browser = await launch();
  owner = await newPage(browser);
  await loginViaApi(owner, ACCOUNTS.netbar2);
  pay = await newPage(browser);
  await loginViaApi(pay, ACCOUNTS.pay);
});
afterAll(() => browser?.close());

async function merchantStatus(page: Page, name: string): Promise<number | undefined> {
  return page.evaluate(async (name) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string };
    const r = await fetch(`/api/merchant/merchant_list?keyword=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    return ((await r.json()).data?.list?.[0] as { status: number } | undefined)?.status;
  }, name);
}

const upload = async (page: Page, index: number, alt: string) => {
  await page
    .locator('input[type=file]')
    .nth(index)
    .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
  await page.getByAltText(alt).waitFor();
};
const pick = async (page: Page, placeholder: string, option: string) => {
  await page.locator('.ant-select').filter({ hasText: placeholder }).first().click();
  await dropdownOption(page, option).click();
};

describe('merchant onboarding', () => {
  it('demo_netbar2 fills the four steps (draft saved at each), uploads the documents and submits', async () => {
    await owner.goto(`${baseUrl()}/merchantApply`);
    await owner.getByText('结算账户').first().waitFor();
    // the demo's draft stopped at step 3: back to the first step
    while (await owner.getByRole('button', { name: '上一步' }).isVisible())
      await owner.getByRole('button', { name: '上一步' }).click();
    await owner.getByLabel('营业执照名称').fill(NAME);
    await owner.getByLabel('统一社会信用代码').fill('92310112MA1H5Q8L0M');
    await upload(owner, 0, '营业执照');
    await owner.getByRole('button', { name: '下一步' }).click();
    await owner.getByLabel('法人身份证号').waitFor();
    await owner.getByLabel('法人身份证号').fill('11010519491231002X');
    await upload(owner, 1, '身份证人像面');
    await upload(owner, 2, '身份证国徽面');
    await owner.getByRole('button', { name: '下一步' }).click();
    await owner.getByLabel('结算银行卡号').waitFor();
    await pick(owner, '请选择结算银行', '中国工商银行');
    await owner.getByLabel('开户支行').fill('中国工商银行上海漕河泾支行');
    await owner.getByLabel('开户名').fill('刘强');
    // a card failing the Luhn check is refused in the form
    await owner.getByLabel('结算银行卡号').fill('6222600260001072445');
    await owner.getByRole('button', { name: '下一步' }).click();
    await owner.getByText('银行卡号不正确').waitFor();
    await owner.getByLabel('结算银行卡号').fill('6222600260001072444');
    await owner.getByRole('button', { name: '下一步' }).click();
    await owner.getByLabel('详细地址').waitFor();
    await pick(owner, '省份', '上海市');
    await pick(owner, '城市', '上海市');
    await pick(owner, '区县', '徐汇区');
    await owner.getByLabel('详细地址').fill('宜山路700号');
    await upload(owner, 3, '门头照');
    await upload(owner, 4, '收银台照');
    await screenshot(owner, 'merchant-apply-step4');
    await owner.getByRole('button', { name: '提交审核' }).click();
    await tableRow(owner, NAME).getByText('审核中').waitFor();
    expect(await merchantStatus(owner, NAME)).toBe(1);
    expectNoPageErrors(owner);
  });

  it('demo_pay approves it in 进件审核 with its documents, then opens it', async () => {
    await pay.goto(`${baseUrl()}/merchantManage/review`);
    await tableRow(pay, NAME).getByRole('button', { name: '审核' }).click();
    const drawer = pay.locator('.ant-drawer:visible');
    await drawer.getByAltText('营业执照').waitFor();
    expect(await drawer.innerText()).toMatch(/6222\*+2444/);
    await screenshot(pay, 'merchant-review-drawer');
    await drawer.getByRole('button', { name: '审核通过' }).click();
    await expect.poll(() => merchantStatus(pay, NAME), { timeout: 30_000 }).toBe(3);
    await pay.locator('.ant-drawer:visible').waitFor({ state: 'detached' });
    await pay.locator('.ant-select').filter({ hasText: '审核中' }).first().click();
    await dropdownOption(pay, '待签约').click();
    await pay.getByRole('button', { name: '查 询' }).click();
    await tableRow(pay, NAME).getByRole('button', { name: '审核' }).click();
    await drawer.getByRole('button', { name: '签约完成，开通商户' }).click();
    await expect.poll(() => merchantStatus(pay, NAME), { timeout: 30_000 }).toBe(4);
    expectNoPageErrors(pay);
  });
});
