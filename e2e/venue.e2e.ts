import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { okModal as clickOk, closeBy, modal as frontModal, pickUntil, selectIn } from './support/antd';
import { expectAccessible } from './support/axe';
import { ACCOUNTS, baseUrl, newPage, screenshot, signedInSuite } from './support/browser';
import { terminalCall } from './support/terminal';

let browser: Browser;
let page: Page;
signedInSuite(ACCOUNTS.netbar, (p, b) => {
  page = p;
  browser = b;
});

const u = Date.now().toString().slice(-3);
const AREA = `测试区${u}`;
const PREFIX = `E${u}`;
const FIRST = `${PREFIX}01`;

const modal = () => frontModal(page);
const field = (label: string) => modal().locator('.ant-form-item').filter({ hasText: label }).first();
async function okModal() {
  await clickOk(modal());
  await modal().waitFor({ state: 'hidden' });
}
async function api<T>(path: string): Promise<T> {
  return page.evaluate(
    async (p) => (await (await fetch(`/api/v1/${p}`, { credentials: 'include' })).json()).data,
    path,
  ) as Promise<T>;
}
const tab = (name: string) => page.getByRole('tab', { name }).click();
/** The store's own server reports machine states. */
const terminalReport = async (nid: number, machines: { id: number; state: string }[]) =>
  (await terminalCall(nid, 'terminal_machine_state', { machines })).status;

describe('venue, as demo_netbar', () => {
  it('shows the demo hall in the seat-map editor', async () => {
    await page.goto(`${baseUrl()}/application_manage/machine_position_diagram`);
    await page.getByText('大厅（36台）').waitFor();
    await page.locator('[data-kind="machine"]').first().waitFor();
    expect(await page.locator('[data-kind="machine"]').count()).toBe(36);
    // axe once the seats are drawn: the state colours and fixtures are what it must read (issue 21)
    await expectAccessible(page);
    await screenshot(page, 'venue-editor');
  });

  it('adds an area and three machines in bulk', async () => {
    await tab('区域管理');
    await page.getByRole('button', { name: '新增区域' }).click();
    await field('区域名称').locator('input').fill(AREA);
    await okModal();
    await page.getByText(AREA).waitFor();

    await tab('机器管理');
    await page.getByRole('button', { name: '批量添加' }).click();
    // picked again until the select shows it (fresh-clone CI: a pick while 批量添加机器 zoomed in left 请选择区域)
    await pickUntil(page, selectIn(field('所属区域')), AREA, selectIn(field('所属区域'), AREA));
    await field('名称前缀').locator('input').fill(PREFIX);
    await field('起始编号').locator('input').fill('1');
    await field('结束编号').locator('input').fill('3');
    await field('编号位数').locator('input').fill('2');
    await modal().getByText(`将添加 3 台：${FIRST} … ${PREFIX}03`).waitFor();
    await okModal();
    await page.getByText('已添加3台机器').waitFor();
    await screenshot(page, 'venue-machines');
  });

  it('places a machine and a door on the new area’s map by drag and drop, and saves version 1', async () => {
    await tab('机位图编辑');
    await page.getByText(`${AREA}（3台）`).click();
    const unplaced = page.getByTestId('unplaced');
    await unplaced.getByRole('button', { name: FIRST }).dragTo(page.locator('[data-cell="2,1"]'));
    await page.locator('[data-cell="2,1"][data-kind="machine"]').waitFor();
    await page.getByRole('button', { name: '门' }).click();
    await page.locator('[data-cell="0,0"]').click();
    await page.locator('[data-cell="0,0"][data-kind="door"]').waitFor();
    expect(await unplaced.getByRole('button').count()).toBe(2);
    await page.getByRole('button', { name: '保存机位图' }).click();
    await page.getByText('保存成功（版本 v1）').waitFor();
    await page.getByText(/当前版本 v1/).waitFor();
    await screenshot(page, 'venue-editor-saved');
  });

  it('sees the machine on the live map, with its hover card and drawer', async () => {
    await page.goto(`${baseUrl()}/diagram_detail`);
    const seat = page.getByRole('button', { name: `${FIRST} 空闲` });
    await seat.waitFor();
    await page.getByRole('button', { name: 'A013 故障' }).waitFor();
    // every state of the demo hall is on the map now: axe reads each tile's name and state
    await expectAccessible(page);
    await page.getByRole('button', { name: 'A001 空闲' }).hover();
    await page.getByTestId('seat-hover').waitFor();
    await screenshot(page, 'venue-live-map');
    await seat.click();
    await page.locator('.ant-drawer').getByText(`机器 ${FIRST}`).waitFor();
    await page.waitForTimeout(500); // the drawer's slide-in
    await screenshot(page, 'venue-live-drawer');
    await closeBy(page, page.locator('.ant-drawer-close'));
  });

  it('redraws a seat the moment its terminal reports a new state (SEATS on the live channel, no poll)', async () => {
    const { nid } = await api<{ nid: number }>('user_info');
    const { list } = await api<{ list: { id: number; name: string }[] }>(
      `machine_list?keyword=${FIRST}&page=1&page_size=10`,
    );
    const pc = list.find((m) => m.name === FIRST)!;
    await page.goto(`${baseUrl()}/diagram_detail`);
    await page.getByRole('button', { name: `${FIRST} 空闲` }).waitFor();
    await page.waitForTimeout(500); // the socket opens with the shell
    const report = (state: string) => terminalReport(nid, [{ id: pc.id, state }]);
    // the fallback poll is 60 s: within 5 s only the socket can have told the page
    expect(await report('离线')).toBe(200);
    await page.getByRole('button', { name: `${FIRST} 离线` }).waitFor({ timeout: 5000 });
    expect(await report('空闲')).toBe(200);
    await page.getByRole('button', { name: `${FIRST} 空闲` }).waitFor({ timeout: 5000 });
  });

  it('a customer opens the public link without login and reserves the seat', async () => {
    const { token } = await api<{ token: string }>('seat_link');
    const guest = await newPage(browser);
    await guest.goto(`${baseUrl()}/jiweitu?token=${token}`);
    await guest.getByText('星际网咖旗舰店 · 选座预订').waitFor();
    await guest.getByText(new RegExp(`^${AREA}`)).click();
    await guest.getByRole('button', { name: `${FIRST} 空闲` }).click();
    await guest.getByText(`已选机位：${FIRST}`).waitFor();
    await expectAccessible(guest);
    await guest.getByLabel('手机号').fill('13712345678');
    await guest.getByLabel('姓名').fill('测试顾客');
    await screenshot(guest, 'venue-public-pick');
    await guest.getByRole('button', { name: '预订机位' }).click();
    const code = (await guest.getByTestId('reservation-code').innerText()).trim();
    expect(code).toMatch(/^\d{6}$/);
    const html = await guest.content();
    for (const secret of ['张老板', '192.168', '测试顾客']) expect(html).not.toContain(secret);
    await screenshot(guest, 'venue-public-reserved');

    await guest.goto(`${baseUrl()}/diagram_preview?token=${token}`);
    await guest.getByText('星际网咖旗舰店 · 机位图预览').waitFor();
    await guest.getByRole('button', { name: 'A001 空闲' }).waitFor();
    await expectAccessible(guest);
    await screenshot(guest, 'venue-public-preview');
    await guest.goto(`${baseUrl()}/jiweitu?token=wrong${token.slice(5)}`);
    await guest.getByText('链接无效或已失效').waitFor();
    await guest.context().close();

    await page.reload();
    await page.getByRole('button', { name: `${FIRST} 预订` }).waitFor();
    await expectAccessible(page);
  });
});
