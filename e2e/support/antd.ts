// Locators for antd's rendered markup, in one place: when antd changes a class name, only this file changes.
import type { Locator, Page } from 'playwright-core';

/**
 * The dialog in front (a confirm opened from a dialog is the last one), once it has zoomed in: a click on a
 * dialog still zooming in may do nothing on a loaded machine (fresh-clone CI: 按个人 in 新增提成规则 stayed
 * 按岗位), so nothing in a dialog is touched before its zoom class is gone.
 */
export const modal = (page: Page) =>
  page.locator('.ant-modal:visible:not(.ant-zoom-enter):not(.ant-zoom-appear)').last();

/** Clicks the primary (确定 / 保存) button of a dialog's footer. */
export const okModal = (dialog: Locator) => dialog.locator('.ant-modal-footer .ant-btn-primary').click();

/** The confirm box of Modal.confirm / Popconfirm-like dialogs. */
export const confirmBox = (page: Page) =>
  page.locator('.ant-modal-confirm:not(.ant-zoom-enter):not(.ant-zoom-appear)');

/** The first table row containing the text. */
export const tableRow = (page: Page | Locator, text: string) =>
  page.locator('.ant-table-row').filter({ hasText: text }).first();

/** Every table row. */
export const tableRows = (page: Page | Locator) => page.locator('.ant-table-row');

/** Every antd select (for `.nth(i)` among several in one field). */
export const SELECT = '.ant-select';

/** An antd select inside a scope (the first unless `hasText` names its placeholder or value). */
export const selectIn = (scope: Page | Locator, hasText?: string) =>
  hasText ? scope.locator('.ant-select').filter({ hasText }).first() : scope.locator('.ant-select').first();

/**
 * An option of the open select dropdown: the newest one that is not closing (a dropdown that was just
 * closed stays in the page during its animation, and may hold the same text: 上海市 then 上海市).
 */
export const dropdownOption = (page: Page, text: string | RegExp) =>
  page
    .locator('.ant-select-dropdown:visible:not(.ant-select-dropdown-hidden):not(.ant-slide-up-leave)')
    .last()
    .locator('.ant-select-item-option')
    .filter({ hasText: text })
    .first();

/**
 * Types into a searchable select and clicks the matching option of *that* select's dropdown (found through
 * the input's aria-controls, so a closing dropdown of the same text never answers). Waits until the select
 * is enabled and open first: a dependent select (城市 after 省份) is disabled while its list loads, and a
 * click then would open nothing and the typing would go nowhere.
 */
export async function searchPick(page: Page, found: Locator, text: string, tries = 3): Promise<void> {
  await found.and(page.locator('.ant-select:not(.ant-select-disabled)')).waitFor();
  // the same select from now on found by its input's id: one found by its placeholder (selectIn(page,
  // '区县')) no longer matches once the typing or the value hides the placeholder
  const id = await found.locator('input').first().getAttribute('id');
  const select = id ? page.locator('.ant-select').filter({ has: page.locator(`[id="${id}"]`) }) : found;
  const input = select.locator('input').first();
  for (let i = 0; i < 10 && (await input.getAttribute('aria-expanded')) !== 'true'; i++) {
    await select.click();
    await page.waitForTimeout(i ? 300 : 50);
  }
  const list = await input.getAttribute('aria-controls');
  const option = page
    .locator(`.ant-select-dropdown:has([id="${list}"])`)
    .locator('.ant-select-item-option')
    .filter({ hasText: text })
    .first();
  // a dependent list (城市 after 省份) may arrive after the typing filtered the old one to nothing: the
  // text is typed again until the option shows (fresh-clone CI, a loaded machine)
  for (let i = 0; ; i++) {
    await input.pressSequentially(text);
    const shown = await option.waitFor({ timeout: 8_000 }).then(
      () => true,
      () => false,
    );
    if (shown || i === 2) break;
    await input.fill('');
    if ((await input.getAttribute('aria-expanded')) !== 'true') await select.click();
  }
  await option.click();
  // the pick took only if the select now shows it: a dependent list replaced under the click (区县 arriving
  // after 城市, on a loaded machine) leaves it empty, and the form then says 请选择区县
  const took = await select
    .locator('.ant-select-content')
    .filter({ hasText: text })
    .waitFor({ timeout: 3_000 })
    .then(
      () => true,
      () => false,
    );
  if (!took && tries > 1) return searchPick(page, select, text, tries - 1);
}

/**
 * Opens a select and clicks one of its options. A click on a select still zooming in with its dialog may
 * open nothing (fresh-clone CI: 续费's 产品版本 stayed shut and the option click waited 30 s): the select is
 * opened again until the option shows.
 */
export async function pickOption(page: Page, select: Locator, text: string | RegExp) {
  const option = dropdownOption(page, text);
  for (let i = 1; ; i++) {
    await select.click();
    if (i === 3) break; // the last try: the option click below fails with the locator's own message
    const shown = await option.waitFor({ timeout: 8_000 }).then(
      () => true,
      () => false,
    );
    if (shown) break;
    await page.keyboard.press('Escape');
  }
  await option.click();
}

/**
 * Picks an option and waits for `took` (what the pick brings about: the select's value, rows it generates);
 * picks again when it did not take. On a loaded machine a click on an option that is still animating in
 * lands on nothing (fresh-clone CI: 选择商品规格 left on its placeholder, no SKU rows).
 */
export async function pickUntil(
  page: Page,
  select: Locator,
  text: string | RegExp,
  took: Locator,
  tries = 3,
) {
  for (let i = 1; ; i++) {
    await pickOption(page, select, text);
    const ok = await took.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (ok) return;
    if (i === tries) throw new Error(`选择「${String(text)}」后页面没有变化`);
    await page.keyboard.press('Escape');
  }
}

/**
 * Clicks `target` until `took` (what the click brings about) shows, or is gone with `state` 'hidden'. On a loaded machine a click on a dialog
 * or bubble that is still animating in may do nothing (fresh-clone CI at load 4–7: 全部扫码 left the amount on
 * 现金, and the sale went through as cash); a click that did take is never repeated.
 */
export async function clickUntil(
  target: Locator,
  took: Locator,
  state: 'visible' | 'hidden' = 'visible',
  tries = 3,
) {
  for (let i = 1; ; i++) {
    await target.click();
    const ok = await took.waitFor({ state, timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (ok) return;
    if (i === tries) throw new Error('点击后页面没有变化');
  }
}

/**
 * Opens the Popconfirm titled `title` with `opener` (unless it is open) and confirms it, each until it took:
 * the bubble shows, then closes. Found by its title, never as "the visible bubble" — the last one may still be fading out
 * (fresh-clone CI: 过账's 确定 went to 审核's closing bubble and nothing was posted).
 */
export async function confirmPop(page: Page, opener: Locator, title: string) {
  const bubble = page.locator('.ant-popconfirm:visible').filter({ hasText: title }).last();
  if (!(await bubble.isVisible())) await clickUntil(opener, bubble);
  await clickUntil(bubble.locator('.ant-btn-primary'), bubble, 'hidden');
}

/** The open dropdown menu's entries (the header's user menu). */
export const openDropdownItems = (page: Page) =>
  page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');

/** The sidebar's menu. */
export const sidebar = (page: Page) => page.locator('aside.ant-layout-sider');

/** The totals row under a table. */
export const tableSummary = (page: Page | Locator) => page.locator('.ant-table-summary');

/** The open Popconfirm bubble. */
export const popconfirm = (page: Page) => page.locator('.ant-popconfirm:visible');

/**
 * Clicks a drawer's or dialog's close button once no toast lies over it. antd pauses a toast's close timer
 * while the mouse is over it, so a click that lands on a toast (备注已添加 over the drawer's ×) keeps the
 * toast, and the click, waiting for ever: move the mouse away first and let the toasts go.
 */
export async function closeBy(page: Page, button: Locator) {
  await page.mouse.move(1, 1);
  await page
    .locator('.ant-message-notice')
    .last()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  await button.click();
}
