import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popconfirm, sidebar } from './support/antd';
import { ACCOUNTS, baseUrl, launch, loginViaApi, newPage, screenshot } from './support/browser';
import { loginViaForm, storedUser, userMenu } from './support/shell';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('console shell: session', () => {
  it('logs out after 退出确认 and clears the stored user', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.agent);
    await page.goto(`${baseUrl()}/home`);
    await page.getByText('快捷入口').waitFor();
    await userMenu(page, '退出登录');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('退出后将清理登陆信息，是否继续？').waitFor();
    expect(await dialog.getByText('退出确认').count()).toBeGreaterThan(0);
    await page.waitForTimeout(400); // let the dialog's zoom-in finish
    await screenshot(page, 'shell-logout-confirm');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/account\/login$/);
    await page.getByText('用户成功退出！').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('user'), sessionStorage.getItem('user')])).toEqual(
      [null, null],
    );
    // the session is gone on the server too: a protected page goes back to login
    await page.goto(`${baseUrl()}/home`);
    await page.waitForURL(/\/account\/login\?redirect=%2Fhome$/);
    await page.close();
  });

  it('switches store as demo_netbar and lands on /home2', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.netbar);
    await page.goto(`${baseUrl()}/home`);
    await page.getByText('快捷入口').waitFor();
    await page.getByText('品牌管理员').first().waitFor();
    const before = await storedUser(page);
    await userMenu(page, '门店切换');
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('星际网咖二店')
      .waitFor()
      .catch(async (e) => {
        await screenshot(page, 'shell-store-switch-failure');
        console.log(await page.evaluate(() => (document.body.textContent ?? '').slice(0, 2000)));
        throw e;
      });
    await dialog.getByText('当前门店').waitFor();
    await screenshot(page, 'shell-store-switch');
    await dialog
      .getByRole('row')
      .filter({ hasText: '星际网咖二店' })
      .getByRole('button', { name: /切\s*换/ })
      .click();
    await page.getByText('门店切换成功').waitFor();
    await page.waitForURL(/\/home2$/);
    const after = await storedUser(page);
    expect(after?.nid).not.toBe(before?.nid);
    expect(after?.nid).toBe(2);
    // The header names the store worked in now.
    await page.getByTestId('current-store').filter({ hasText: '星际网咖二店' }).waitFor();
    await screenshot(page, 'shell-store-switched');
    await page.close();
  });

  it('shows the QR panel on hover and opens customer service in a new window', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.agent);
    await page.goto(`${baseUrl()}/home`);
    await page.getByText('快捷入口').waitFor();
    const site = await page.evaluate(async () => (await (await fetch('/api/v1/site_config')).json()).data);
    await page.getByRole('button', { name: '扫码关注' }).hover();
    const qr = page.getByTestId('qr-codes');
    await qr.waitFor();
    expect(await qr.locator('svg').count()).toBe(2);
    expect(await qr.getByText('微信公众号').count()).toBeGreaterThan(0);
    expect(await qr.getByText('员工小程序').count()).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    await screenshot(page, 'shell-qr-panel');
    await page.mouse.move(5, 500);
    // the chat lives on another site: answer it locally (the test machine has no internet)
    const chatUrl = new URL(site.service_chat_url);
    await page
      .context()
      .route(`${chatUrl.origin}/**`, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<h1>在线客服</h1>' }),
      );
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: '在线客服' }).click();
    const chat = await popup;
    await expect.poll(() => chat.url()).toBe(chatUrl.href);
    // opened with noopener: the chat window cannot reach back into the console
    expect(await chat.evaluate(() => window.opener)).toBeNull();
    await chat.close();
    await page.close();
  });

  it('removes the user from localStorage when the tab closes, keeps it over a reload', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.agent);
    await page.goto(`${baseUrl()}/home`);
    await page.getByText('快捷入口').waitFor();
    await page.reload();
    await page.getByText('快捷入口').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();
    const other = await page.context().newPage();
    await other.goto(`${baseUrl()}/account/login`);
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => other.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await other.close();
  });

  it('keeps the sidebar collapsed across a reload', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.netbar);
    await page.goto(`${baseUrl()}/home`);
    const sider = sidebar(page);
    await sider.waitFor();
    expect(await sider.evaluate((el) => el.classList.contains('ant-layout-sider-collapsed'))).toBe(false);
    await page.getByTestId('collapse-toggle').click();
    await expect
      .poll(() => sider.evaluate((el) => el.classList.contains('ant-layout-sider-collapsed')))
      .toBe(true);
    await page.reload();
    await sidebar(page).waitFor();
    expect(await sidebar(page).evaluate((el) => el.classList.contains('ant-layout-sider-collapsed'))).toBe(
      true,
    );
    await screenshot(page, 'shell-collapsed');
    await page.getByTestId('collapse-toggle').click();
    await page.close();
  });

  it('sends an expired session to login and comes back after logging in', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.netbar);
    await page.goto(`${baseUrl()}/notice/list`);
    await page.getByRole('columnheader', { name: '发布时间' }).first().waitFor();
    await page.context().clearCookies();
    await page.goto(`${baseUrl()}/notice/list?page=1`);
    await page.waitForURL(/\/account\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/notice/list?page=1');
    await page.getByText('登录已过期，请重新登录').waitFor();
    await page.getByAltText('验证码').waitFor();
    await loginViaForm(page, ACCOUNTS.netbar);
    await page.waitForURL(/\/notice\/list\?page=1$/);
    await page.getByRole('columnheader', { name: '发布时间' }).first().waitFor();
    await page.close();
  });

  it('publishes a notice as administrator; netbar staff read it and the bell count drops; then withdraw', async () => {
    const admin = await newPage(browser);
    await loginViaApi(admin, ACCOUNTS.admin);
    await admin.goto(`${baseUrl()}/admin/notice`);
    await admin.getByRole('button', { name: '新建公告' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('请输入公告标题').waitFor();
    await dialog.getByText('请选择接收对象').waitFor();
    const title = `E2E公告${Date.now().toString().slice(-6)}`;
    await dialog.getByLabel('公告标题').fill(title);
    await dialog.getByLabel('公告内容').fill('这是一条端到端测试公告。');
    await dialog.getByLabel('网吧员工').check();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const row = admin.getByRole('row').filter({ hasText: title });
    await row.getByText('草稿').waitFor();
    await row.getByRole('button', { name: /发\s*布/ }).click();
    await popconfirm(admin)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await row.getByText('已发布').waitFor();
    await screenshot(admin, 'shell-admin-notice');

    const staff = await newPage(browser);
    await loginViaApi(staff, ACCOUNTS.netbarStaff);
    await staff.goto(`${baseUrl()}/notice/list`);
    const mine = staff.getByRole('row').filter({ hasText: title });
    await mine.getByText('未读').waitFor();
    const bell = staff.getByLabel('消息中心');
    const badge = async () => {
      const num = bell.locator('.ant-scroll-number');
      return (await num.count()) === 0 ? 0 : Number((await num.first().getAttribute('title')) ?? 0);
    };
    await expect.poll(badge).toBeGreaterThan(0);
    const before = await badge();
    await screenshot(staff, 'shell-notice-list');
    await mine.getByRole('link').click();
    await staff.waitForURL(/\/notice\/detail\/\d+$/);
    await staff.getByText('这是一条端到端测试公告。').waitFor();
    await staff.getByText(/^发布时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).waitFor();
    await expect.poll(badge).toBe(before - 1);
    await staff.getByRole('button', { name: '返回列表' }).click();
    await staff.getByRole('row').filter({ hasText: title }).getByText('已读').waitFor();
    await staff.close();

    await row.getByRole('button', { name: /撤\s*回/ }).click();
    await popconfirm(admin)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await row.getByText('已撤回').waitFor();
    await admin.close();
  });
});
