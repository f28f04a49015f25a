import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropdownOption, selectIn } from './support/antd';
import { expectAccessible } from './support/axe';
import { ACCOUNTS, type Account, baseUrl, launch, newPage, screenshot } from './support/browser';
import {
  expectedMenu,
  loginViaForm,
  openLogin,
  readSidebar,
  storedUser,
  userMenuLabels,
} from './support/shell';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The dropdown of spec section 6 for each demo account. */
const DROPDOWN: Record<string, string[]> = {
  demo_admin: ['账号信息', '账号安全', '退出登录'],
  demo_agent: ['账号信息', '账号安全', '退出登录'],
  demo_agent_staff: ['账号安全', '退出登录'],
  demo_netbar: ['账号信息', '账号安全', '门店切换', '退出登录'],
  // netbar staff of a chain switch among the stores they work in (decision 145)
  demo_netbar_staff: ['门店切换', '退出登录'],
  demo_pay: ['账号信息', '账号安全', '退出登录'],
};

const ORDER: Account[] = [
  ACCOUNTS.admin,
  ACCOUNTS.agent,
  ACCOUNTS.agentStaff,
  ACCOUNTS.netbar,
  ACCOUNTS.netbarStaff,
  ACCOUNTS.pay,
];

describe('console shell: login and menus', () => {
  it('shows the login page in Chinese with its validation messages', async () => {
    const page = await newPage(browser);
    await openLogin(page);
    expect(await page.title()).toBe('登录 - 网吧云管理平台');
    await expectAccessible(page);
    await screenshot(page, 'shell-login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    for (const msg of ['请选择账号类型', '请输入账号', '请输入密码', '请输入验证码']) {
      await page
        .locator('.ant-form-item-explain-error')
        .filter({ hasText: new RegExp(`^${msg}$`) })
        .waitFor();
    }
    await screenshot(page, 'shell-login-validation');
    await page.close();
  });

  it('refuses a wrong captcha with the server message and a new captcha', async () => {
    const page = await newPage(browser);
    await openLogin(page);
    const before = await page.getByAltText('验证码').getAttribute('src');
    await selectIn(page).click();
    await dropdownOption(page, /^代理商$/).click();
    await page.getByPlaceholder('请输入账号').fill('demo_agent');
    await page.getByPlaceholder('请输入密码').fill('demo123456');
    await page.getByPlaceholder('请输入验证码').fill('9999');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.locator('.ant-notification-notice').filter({ hasText: '验证码' }).waitFor();
    await expect.poll(() => page.getByAltText('验证码').getAttribute('src')).not.toBe(before);
    expect(page.url()).toContain('/account/login');
    await page.close();
  });

  for (const who of ORDER) {
    it(`logs in as ${who.user_name} and shows exactly the granted menu`, async () => {
      const page = await newPage(browser);
      await openLogin(page);
      await loginViaForm(page, who);
      await page.waitForURL(/\/home$/);
      await page.getByText('快捷入口').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toBe('首页 - 网吧云管理平台');
      await screenshot(page, `shell-home-type${who.type}`);
      const user = await storedUser(page);
      expect(user).not.toBeNull();
      const ids = (user?.auth.path ?? []).map((p) => p.id);
      expect(await readSidebar(page)).toEqual(expectedMenu(ids));
      expect(await userMenuLabels(page)).toEqual(DROPDOWN[who.user_name]);
      await page.close();
    });
  }

  it('shows 403 for a route outside the grants and 404 for an unknown path', async () => {
    const page = await newPage(browser);
    await openLogin(page);
    await loginViaForm(page, ACCOUNTS.agent);
    await page.waitForURL(/\/home$/);
    await page.goto(`${baseUrl()}/goods/goods_list`);
    await page.waitForURL(/\/error\/403$/);
    await page.getByText('抱歉，您没有权限访问此页面。').waitFor();
    await screenshot(page, 'shell-403');
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.waitForURL(/\/error\/404$/);
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/\/home$/);
    await page.close();
  });

  it('hides the message centre for a netbar-client login', async () => {
    const page = await newPage(browser);
    await openLogin(page, '?netbar_login=1');
    await loginViaForm(page, ACCOUNTS.netbar);
    await page.waitForURL(/\/home$/);
    await page.getByText('快捷入口').waitFor();
    const titles = (await readSidebar(page)).map((m) => m.title);
    expect(titles).not.toContain('消息中心');
    expect(await page.getByLabel('消息中心').count()).toBe(0);
    await page.goto(`${baseUrl()}/notice/list`);
    await page.waitForURL(/\/error\/403$/);
    await page.close();
  });
});
