import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableRows } from './support/antd';
import { ACCOUNTS, baseUrl, launch, loginViaApi, newPage, screenshot } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** 任务队列 (/admin/jobs, decision 197): the administrator's view of the recurring jobs. */
describe('任务队列', () => {
  it('the administrator sees every job, its period and state; the menu has the entry', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.admin);
    await page.goto(`${baseUrl()}/admin/jobs`);
    await page.getByText('运行方式：进程内定时（单进程）').waitFor();
    // the browser tests' server runs the sandbox acquirer's sender (E2E_TEST_HOOKS): it has run by now
    const notify = tableRows(page).filter({ hasText: '沙箱支付通知发送' });
    await expect.poll(() => notify.getByText(/已完成|运行中|排队中/).count(), { timeout: 15_000 }).toBe(1);
    expect(await notify.getByText('每1秒').count()).toBe(1);
    expect(await tableRows(page).filter({ hasText: '上机检查点' }).getByText('未启用').count()).toBe(1);
    expect(await page.getByRole('menuitem', { name: '任务队列' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-jobs');
    await page.context().close();
  });
});
