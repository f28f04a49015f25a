import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeBy, confirmPop, modal, pickUntil, selectIn } from './support/antd';
import { ACCOUNTS, baseUrl, screenshot, signedInSuite } from './support/browser';

/**
 * 数据导入 and 合作平台 dialogs (issue 19 items 1-2, decision 195) against the legacy simulator that
 * support/global-setup.ts starts (LEGACY_IMPORT_URL): its accounts demo / smsuser / imguser / locked (password
 * demo123, SMS code 123456, image code abcd) and the partner account panda_demo / panda123.
 */
let page: Page;
signedInSuite(ACCOUNTS.netbar, (p) => {
  page = p;
});

const dialog = () => modal(page);
/** A screenshot once the dialog's opening animation is over. */
async function shot(name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}
const errorLine = () => dialog().getByTestId('import-error');
/** Picks `text` in the dialog's select, again until the select shows it (a pick can be lost under load). */
const pick = (text: string) => pickUntil(page, selectIn(dialog()), text, selectIn(dialog(), text));
const formError = (text: string) => dialog().locator('.ant-form-item-explain-error', { hasText: text });
async function account(name: string, password = 'demo123') {
  await dialog().getByLabel('账号').fill(name);
  await dialog().getByLabel('密码').fill(password);
  await dialog().getByRole('button', { name: '登 录' }).click();
}

describe('数据导入 and 合作平台, as demo_netbar', () => {
  it('logs in to product 5.0 through codes 1, 4, 5, 2 and 3, then 0, picks a store and imports its members', async () => {
    await page.goto(`${baseUrl()}/home`);
    await page.getByRole('button', { name: '数据导入' }).click();
    await dialog().getByText('选择产品并登录').waitFor();
    await dialog().getByRole('button', { name: '登 录' }).click();
    for (const msg of ['请选择产品', '请输入账号', '请输入密码']) await formError(msg).waitFor();
    await shot('legacy-import-validation');

    await pick('合作伙伴网吧系统5.0');
    await account('demo', 'wrong');
    await expect.poll(() => errorLine().textContent()).toContain('账号或密码错误');
    await account('locked');
    await expect.poll(() => errorLine().textContent()).toContain('锁定');

    await account('imguser');
    await dialog().getByAltText('图片验证码').waitFor();
    await expect.poll(() => errorLine().textContent()).toContain('图片验证码');
    await dialog().getByRole('button', { name: '登 录' }).click();
    await formError('请输入验证码').waitFor();
    await shot('legacy-import-image-code');

    await account('smsuser');
    await dialog().getByPlaceholder('请输入6位验证码').waitFor();
    await dialog().getByRole('button', { name: '登 录' }).click();
    await formError('请先获取验证码').waitFor();
    await dialog().getByRole('button', { name: '获取验证码' }).click();
    const wait = dialog().getByRole('button', { name: /秒后重新获取/ });
    await wait.waitFor();
    expect(await wait.isDisabled()).toBe(true);
    await shot('legacy-import-sms');
    await dialog().getByPlaceholder('请输入6位验证码').fill('123456');
    await dialog().getByRole('button', { name: '登 录' }).click();

    await dialog().getByText('登录成功，正在加载网吧列表…').waitFor();
    const loggedIn = Date.now();
    await dialog().getByText('在线收款', { exact: true }).waitFor();
    expect(Date.now() - loggedIn).toBeGreaterThan(2500);
    await dialog().getByRole('button', { name: '会员导入' }).click();
    await formError('请选择网吧').waitFor();
    await pick('极速电竞馆（二店）');
    await shot('legacy-import-stores');
    await dialog().getByRole('button', { name: '会员导入' }).click();
    await dialog().getByTestId('import-progress').waitFor();
    await page.locator('.ant-modal-close').last().click();
    await page.getByText('数据还未导入完成,勿关闭弹窗!').first().waitFor();
    await shot('legacy-import-progress');
    await dialog().getByRole('button', { name: '会员已导入' }).waitFor({ timeout: 60_000 });
    await shot('legacy-import-done');
    await closeBy(page, page.locator('.ant-modal-close').last());
    await dialog().waitFor({ state: 'detached' });
  });

  it('binds the partner account and opens its one-time link in a new tab; then unbinds', async () => {
    await page.getByRole('button', { name: '合作平台' }).click();
    await dialog().getByText('绑定合作平台账号').waitFor();
    await shot('partner-bind');
    await dialog().getByText('没有合作平台账号？快速注册').click();
    await dialog().getByRole('button', { name: '快速注册' }).waitFor();
    await shot('partner-register');
    await dialog().getByText('已有合作平台账号？去绑定').click();
    await dialog().getByLabel('账号').fill('panda_demo');
    await dialog().getByLabel('密码').fill('panda123');
    const tab = page.context().waitForEvent('page');
    await dialog().getByRole('button', { name: '绑 定' }).click();
    const opened = await tab;
    await opened.waitForLoadState();
    expect(opened.url()).toMatch(/\/partner\/welcome\?ticket=[0-9a-f]{32}$/);
    expect(await opened.textContent('body')).toContain('合作平台登录成功，欢迎 panda_demo');
    await opened.close();

    await page.getByRole('button', { name: '合作平台' }).click();
    await dialog().getByText('已绑定合作平台账号：panda_demo').waitFor();
    await shot('partner-bound');
    await confirmPop(page, dialog().getByRole('button', { name: '解 绑' }), '确定解绑该合作平台账号吗？');
    await dialog().getByText('绑定合作平台账号').waitFor();
  });
});
