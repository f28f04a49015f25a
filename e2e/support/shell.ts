import { menuFor, type RouteNode } from '@netbar/contract';
import type { Page } from 'playwright-core';
import { openDropdownItems, pickOption, selectIn, sidebar } from './antd';
import { baseUrl, CAPTCHA, PASSWORD } from './browser';

/** Log in through the login form (type select, account, password, captcha). */
export async function loginViaForm(
  page: Page,
  who: { user_name: string; label: string },
  password: string = PASSWORD,
) {
  await pickOption(page, selectIn(page), new RegExp(`^${who.label}$`));
  await page.getByPlaceholder('请输入账号').fill(who.user_name);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill(CAPTCHA);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export async function openLogin(page: Page, query = '') {
  await page.goto(`${baseUrl()}/account/login${query}`);
  await page.getByAltText('验证码').waitFor();
}

export interface MenuEntry {
  title: string;
  children: string[];
}

/** The sidebar as rendered: top-level titles with their (opened) children. */
export async function readSidebar(page: Page): Promise<MenuEntry[]> {
  const sider = sidebar(page);
  await sider.locator('.ant-menu-root').waitFor();
  const subTitles = sider.locator('.ant-menu-root > li.ant-menu-submenu > .ant-menu-submenu-title');
  const count = await subTitles.count();
  for (let i = 0; i < count; i++) {
    const li = sider.locator('.ant-menu-root > li.ant-menu-submenu').nth(i);
    if (!(await li.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))))
      await subTitles.nth(i).click();
  }
  return sider.locator('.ant-menu-root').evaluate((root) =>
    Array.from(root.children)
      .filter((li) => li.tagName === 'LI' && !li.classList.contains('ant-menu-item-divider'))
      .map((li) => ({
        title: (
          li.querySelector(
            ':scope > .ant-menu-submenu-title .ant-menu-title-content, :scope > .ant-menu-title-content',
          )?.textContent ?? ''
        ).trim(),
        children: Array.from(li.querySelectorAll(':scope > ul .ant-menu-title-content')).map((c) =>
          (c.textContent ?? '').trim(),
        ),
      })),
  );
}

/** The menu the route table gives for a user's path ids (what the sidebar must show). */
export function expectedMenu(pathIds: number[]): MenuEntry[] {
  return menuFor(pathIds).map((n: RouteNode) => ({
    title: n.title,
    children: (n.children ?? []).map((c) => c.title),
  }));
}

export async function storedUser(
  page: Page,
): Promise<{ nid: number; auth: { path: { id: number }[] } } | null> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('user');
    return raw ? JSON.parse(raw) : null;
  });
}

/**
 * Opens the header's user menu by hover and clicks `label`; hovers again when the menu closed first (CI under
 * load), and clicks again when no dialog follows.
 */
export async function userMenu(page: Page, label: string) {
  const item = openDropdownItems(page).filter({ hasText: label });
  // every entry opens a dialog (门店切换, 退出登录): a click that landed while the menu was still sliding in
  // opened nothing (fresh-clone CI: 门店切换 clicked, no dialog in 30 s), so it is clicked again
  const opened = () =>
    page
      .getByRole('dialog')
      .first()
      .waitFor({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
  for (let i = 1; ; i++) {
    const hovered = await page
      .getByTestId('user-dropdown')
      .hover({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    // a dialog that opened late covers the header: it is the one asked for
    if (!hovered && (await page.getByRole('dialog').count())) return;
    const clicked = await item.click({ timeout: 5_000 }).then(
      () => true,
      (e: unknown) => (i === 3 ? Promise.reject(e) : false),
    );
    if ((clicked && (await opened())) || i === 3) return;
    await page.mouse.move(5, 500);
  }
}

export async function userMenuLabels(page: Page): Promise<string[]> {
  const items = openDropdownItems(page);
  let labels: string[] = [];
  for (let i = 0; i < 20 && labels.length === 0; i++) {
    await page.getByTestId('user-dropdown').hover();
    await page.waitForTimeout(150);
    labels = (await items.allTextContents()).map((t) => t.trim()).filter(Boolean);
  }
  await page.mouse.move(5, 500);
  return labels;
}
