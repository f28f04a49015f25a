import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modal, tableRows } from './support/antd';
import { ACCOUNTS, baseUrl, launch, loginViaApi, newPage, takePageErrors } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A refused save leaves no uncaught promise rejection (newPage fails a test on any `pageerror`). */
describe('a refused save raises no page error', () => {
  it('renaming a good to an existing name: the toast says why, the dialog stays, nothing uncaught', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.netbar);
    await page.goto(`${baseUrl()}/goods/goods_list`);
    const row = tableRows(page).filter({ hasText: '红牛' });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = modal(page);
    await dialog.getByLabel('商品名称').fill('可口可乐 330ml');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('商品名称「可口可乐 330ml」已存在').waitFor();
    await page.waitForTimeout(500);
    expect(await dialog.count()).toBe(1);
    expect(takePageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
