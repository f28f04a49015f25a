import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tableRow } from './support/antd';
import { ACCOUNTS, baseUrl, screenshot, signedInSuite } from './support/browser';

let page: Page;
signedInSuite(ACCOUNTS.netbar, (p) => {
  page = p;
});

const u = Date.now().toString().slice(-6);
const NAME = `导入会员${u.slice(-3)}`;
/** Three members (one with a bad mobile, skipped) as an old product's csv export. */
const FILE = [
  '卡号,姓名,手机号,本金,奖励,积分,会员等级,开卡日期',
  `IM${u}1,${NAME}甲,13800000001,120.50,30,10,,2019-03-01`,
  `IM${u}2,${NAME}乙,,8,0,0,,`,
  `IM${u}3,${NAME}丙,12345,5,0,0,,`,
].join('\n');

async function member(name: string): Promise<{ principal_fen: number; bonus_fen: number } | undefined> {
  return page.evaluate(async (n) => {
    const r = await fetch(`/api/v1/member_list?keyword=${encodeURIComponent(n)}`, { credentials: 'include' });
    return (await r.json()).data.list[0];
  }, name);
}

describe('数据导入, as demo_netbar', () => {
  it('uploads a member csv, dry-runs it, commits it and finds the members with their balances', async () => {
    await page.goto(`${baseUrl()}/basicsSettings/data_import`);
    await page.getByText('导入记录').first().waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: '会员导出.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(FILE, 'utf8'),
    });
    await page.getByLabel('卡号对应的列').waitFor();
    await screenshot(page, 'file-import-mapping');
    await page.getByRole('button', { name: '开始校验（试导入）' }).click();
    await page.getByText('校验结果（未写入）').waitFor({ timeout: 20_000 });
    await page.getByText('128.50 元').waitFor();
    await page.getByText('手机号格式不正确：12345').waitFor();
    await screenshot(page, 'file-import-checked');
    await page.getByRole('button', { name: '确认导入' }).click();
    await page.getByText('导入对账').waitFor({ timeout: 20_000 });
    const rec = page.locator('.ant-table').filter({ hasText: '源文件（校验）' });
    await tableRow(rec, '本金（元）').getByText('一致').waitFor();
    expect(await rec.getByText('不一致').count()).toBe(0);
    await screenshot(page, 'file-import-done');
    expect(await member(`${NAME}甲`)).toMatchObject({ principal_fen: 12050, bonus_fen: 3000 });
    expect(await member(`${NAME}乙`)).toMatchObject({ principal_fen: 800, bonus_fen: 0 });
    expect(await member(`${NAME}丙`)).toBeUndefined();

    await page.goto(`${baseUrl()}/Member/member_manage`);
    await page
      .getByPlaceholder(/姓名|卡号|手机/)
      .first()
      .fill(`${NAME}甲`);
    await page.keyboard.press('Enter');
    const row = tableRow(page, `${NAME}甲`);
    await row.waitFor();
    expect(await row.textContent()).toContain('120.50');
    await screenshot(page, 'file-import-member-list');
  });
});
