import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickUntil,
  closeBy,
  confirmBox,
  confirmPop,
  modal,
  okModal,
  popconfirm,
  SELECT,
  searchPick,
  selectIn,
  tableRow,
  tableRows,
  tableSummary,
} from './support/antd';
import { expectAccessible } from './support/axe';
import {
  ACCOUNTS,
  baseUrl,
  CAPTCHA,
  launch,
  loginViaApi,
  newPage,
  PASSWORD,
  screenshot,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const u = Date.now().toString(36).slice(-5);
const item = (page: Page, label: string) =>
  modal(page).locator('.ant-form-item').filter({ hasText: label }).last();
const field = (page: Page, label: string) => item(page, label).locator('input').first();
const row = (page: Page, text: string) => tableRow(page, text);

/** Picks an option of a searchable Select by typing part of its label. */
async function pick(page: Page, select: ReturnType<Page['locator']>, text: string) {
  await searchPick(page, select, text);
}

/** Logs in an account created during the test (password demo123456). */
async function loginAs(page: Page, user_name: string, type: number) {
  await page.goto(`${baseUrl()}/account/login`);
  const user = await page.evaluate(
    async ({ user_name, type, captcha, password }) => {
      const body = new URLSearchParams({ user_name, type: String(type), password, captcha });
      const r = await fetch('/api/v1/login', {
        method: 'POST',
        body,
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        credentials: 'include',
      });
      return (await r.json()).data;
    },
    { user_name, type, captcha: CAPTCHA, password: PASSWORD },
  );
  await page.evaluate((x) => {
    localStorage.setItem('user', JSON.stringify(x));
    sessionStorage.setItem('user', JSON.stringify(x));
  }, user);
}

/** Calls the API from the page with its session (form body for POST). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, form: Record<string, string> = {}) {
  return page.evaluate(
    async ({ method, path, form }) => {
      const body = new URLSearchParams(form);
      const url = method === 'GET' ? `/api/v1/${path}?${body}` : `/api/v1/${path}`;
      const r = await fetch(url, {
        method,
        body: method === 'POST' ? body : undefined,
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        credentials: 'include',
      });
      return (await r.json()) as { status: number; msg: string; data: unknown };
    },
    { method, path, form },
  ) as Promise<{ status: number; msg: string; data: T }>;
}

describe('agent screens: sub-channels, staff, admin pricing and wallet', () => {
  it('creates a sub-agent and sees it in the channel statistics', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.agent);
    await page.goto(`${baseUrl()}/channelManage/lowerChannel`);
    await expectAccessible(page);
    await page.locator('.ant-card-head').filter({ hasText: '下级渠道' }).waitFor();
    await page.getByRole('button', { name: /新增下级渠道/ }).click();
    await modal(page).getByText('华东网吧服务商').waitFor();
    const NAME = `杭州渠道${u}`;
    await field(page, '渠道名称').fill(NAME);
    await field(page, '登录账号').fill(`hz_${u}`);
    await field(page, '登录密码').fill('abc12345');
    await field(page, '联系人').fill('钱经理');
    await field(page, '手机号').fill('13712345678');
    const region = item(page, '所在地区').locator(SELECT);
    await pick(page, region.nth(0), '浙江省');
    await pick(page, region.nth(1), '杭州市');
    await pick(page, region.nth(2), '西湖区');
    await field(page, '详细地址').fill('文三路100号');
    await screenshot(page, 'agent-lower-channel-create');
    await okModal(modal(page));
    await modal(page).waitFor({ state: 'hidden' });
    await row(page, NAME).waitFor();
    await screenshot(page, 'agent-lower-channel');
    await row(page, NAME).getByRole('button', { name: '查看' }).click();
    await page.locator('.ant-drawer:visible').getByText(`hz_${u}`).waitFor();
    await screenshot(page, 'agent-lower-channel-detail');

    await page.goto(`${baseUrl()}/channelManage/countChannel`);
    await row(page, NAME).waitFor();
    await page.locator('canvas').first().waitFor();
    await tableSummary(page).getByText('合计').waitFor();
    await page.waitForTimeout(1500); // the bars grow in
    await screenshot(page, 'agent-count-channel');
  });

  it('registers a staff member, grants one netbar, and the staff member sees only that netbar', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.agent);
    await page.goto(`${baseUrl()}/staffManage/staffList`);
    await expectAccessible(page);
    await row(page, '李装机').waitFor();
    await page.getByRole('button', { name: /新增员工/ }).click();
    const STAFF = `st_${u}`;
    await field(page, '登录账号').fill(STAFF);
    await field(page, '登录密码').fill(PASSWORD);
    await field(page, '姓名').fill(`周销售${u}`);
    await field(page, '手机号').fill('13622223333');
    await field(page, '职位').fill('销售');
    await okModal(modal(page));
    await modal(page).waitFor({ state: 'hidden' });
    await row(page, STAFF).waitFor();
    await screenshot(page, 'agent-staff-list');

    await row(page, STAFF).getByRole('button', { name: '授权' }).click();
    await modal(page)
      .locator('.ant-tree-treenode')
      .filter({ hasText: '网吧列表' })
      .locator('.ant-tree-checkbox')
      .click();
    await pick(page, selectIn(item(page, '可管理的网吧')), '星际网咖二店');
    await page.keyboard.press('Escape');
    await screenshot(page, 'agent-staff-grant');
    await okModal(modal(page));
    await modal(page).waitFor({ state: 'hidden' });
    await row(page, STAFF).filter({ hasText: '2项' }).waitFor();

    await row(page, STAFF).getByRole('button', { name: '备注' }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.locator('textarea').fill('已培训网吧管理系统的使用');
    await drawer.getByRole('button', { name: /添加备注/ }).click();
    await drawer.locator('.ant-list-item').filter({ hasText: '已培训网吧管理系统的使用' }).waitFor();
    await screenshot(page, 'agent-staff-remarks');
    await closeBy(page, drawer.locator('.ant-drawer-close'));

    await page.goto(`${baseUrl()}/staffManage/staffEquipment`);
    await row(page, '李装机').waitFor();
    await screenshot(page, 'agent-staff-equipment');

    const staff = await newPage(browser);
    await loginAs(staff, STAFF, 2);
    await staff.goto(`${baseUrl()}/netbarManage/list`);
    await row(staff, '星际网咖二店').waitFor();
    const names = await tableRows(staff).locator('td:first-child b').allTextContents();
    expect(names).toEqual(['星际网咖二店']);
    await screenshot(staff, 'agent-granted-staff-netbars');
  });

  it('admin changes a product price and credits an agent with a reason; the agent sees the ledger entry', async () => {
    const admin = await newPage(browser);
    await loginViaApi(admin, ACCOUNTS.admin);
    await admin.goto(`${baseUrl()}/admin/products`);
    await row(admin, '专业版').waitFor();
    const PRODUCT = `试用版${u}`;
    await admin.getByRole('button', { name: /新增产品/ }).click();
    await field(admin, '产品名称').fill(PRODUCT);
    await field(admin, '单价').fill('3');
    await okModal(modal(admin));
    await modal(admin).waitFor({ state: 'hidden' });
    await row(admin, PRODUCT).filter({ hasText: '3.00' }).waitFor();
    await row(admin, PRODUCT).getByRole('button', { name: '修改定价' }).click();
    await field(admin, '单价').fill('6.5');
    await screenshot(admin, 'agent-admin-product-edit');
    await okModal(modal(admin));
    await modal(admin).waitFor({ state: 'hidden' });
    await row(admin, PRODUCT).filter({ hasText: '6.50' }).waitFor();
    await screenshot(admin, 'agent-admin-products');

    await admin.goto(`${baseUrl()}/admin/agents`);
    await expectAccessible(admin);
    await row(admin, '华南网吧服务商').waitFor();
    await screenshot(admin, 'agent-admin-agents');
    await row(admin, '华南网吧服务商').getByRole('button', { name: '余额调整' }).click();
    await field(admin, '金额').fill('123.45');
    const REASON = `线下活动返利${u}`;
    await item(admin, '原因').locator('textarea').fill(REASON);
    await okModal(modal(admin));
    await confirmBox(admin)
      .getByText(/加款 123\.45 元/)
      .waitFor();
    await admin.waitForTimeout(400);
    await screenshot(admin, 'agent-admin-adjust-confirm');
    await confirmBox(admin).locator('.ant-btn-primary').click();
    await confirmBox(admin).waitFor({ state: 'detached' });
    await modal(admin).waitFor({ state: 'hidden' });

    const agent2 = await newPage(browser);
    await loginAs(agent2, 'demo_agent2', 1);
    await agent2.goto(`${baseUrl()}/myWallet/fundManage`);
    await expectAccessible(agent2);
    await row(agent2, REASON).filter({ hasText: '123.45' }).filter({ hasText: '人工加款' }).waitFor();
    await screenshot(agent2, 'agent-ledger-after-credit');
  });

  it("binds an unbound netbar with its owner's code from the 绑定网吧 dialog, then unbinds it", async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.agent);
    await page.goto(`${baseUrl()}/netbarManage/list`);
    // A netbar with no agent: registered here, then released, so its owner can hand out a bind code.
    const ACCOUNT = `bind_${u}`;
    const NAME = `待绑定网咖${u}`;
    const reg = await api<{ netbar_id: number }>(page, 'POST', 'agent_register_sub_netbar', {
      user_name: ACCOUNT,
      password: PASSWORD,
      name: NAME,
      contact: '吴老板',
      mobile: '13655556666',
      province: '上海市',
      city: '上海市',
      district: '徐汇区',
      address: '漕溪北路1号',
      machine_count: '40',
    });
    expect(reg.status).toBe(200);
    const netbarId = String(reg.data.netbar_id);
    expect((await api(page, 'POST', 'agent_netbar_unbind', { netbar_id: netbarId })).status).toBe(200);
    const owner = await newPage(browser);
    await loginAs(owner, ACCOUNT, 3);
    const code = await api<{ code: string }>(owner, 'POST', 'netbar_bind_code');
    expect(code.data.code).toMatch(/^\d{6}$/);

    await page.reload();
    await tableRows(page).first().waitFor();
    expect(await row(page, NAME).count()).toBe(0);
    await page.getByRole('button', { name: /绑定网吧/ }).click();
    await field(page, '网吧账号').fill(ACCOUNT);
    await field(page, '绑定码').fill('12ab');
    await okModal(modal(page));
    await modal(page).getByText('绑定码为6位数字').waitFor();
    await field(page, '绑定码').fill(code.data.code);
    await page.waitForTimeout(300);
    await screenshot(page, 'agent-netbar-bind');
    await okModal(modal(page));
    await modal(page).waitFor({ state: 'hidden' });
    await row(page, NAME).waitFor();
    await screenshot(page, 'agent-netbar-bound');

    const unbind = popconfirm(page).filter({ hasText: `确定解绑网吧「${NAME}」` });
    await clickUntil(row(page, NAME).getByRole('button', { name: '解绑' }), unbind);
    await screenshot(page, 'agent-netbar-unbind-confirm');
    await confirmPop(page, row(page, NAME).getByRole('button', { name: '解绑' }), `确定解绑网吧「${NAME}」`);
    await row(page, NAME).waitFor({ state: 'detached' });
  });

  it('the netbar owner generates a binding code on the site settings screen', async () => {
    const page = await newPage(browser);
    await loginViaApi(page, ACCOUNTS.netbar);
    await page.goto(`${baseUrl()}/basicsSettings/site_list`);
    await page.locator('.ant-card-head').filter({ hasText: '代理商绑定' }).waitFor();
    await page.getByRole('button', { name: /生成绑定码/ }).click();
    const code = await page.locator('.ant-statistic-content-value').textContent();
    expect(code?.trim()).toMatch(/^\d{6}$/);
    await screenshot(page, 'agent-site-bind-code');
  });
});
