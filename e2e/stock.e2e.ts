import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  okModal as clickOk,
  confirmPop,
  modal as frontModal,
  pickUntil,
  searchPick,
  selectIn,
  tableRows,
} from './support/antd';
import { expectAccessible } from './support/axe';
import { ACCOUNTS, baseUrl, screenshot, signedInSuite } from './support/browser';

let page: Page;
signedInSuite(ACCOUNTS.netbar, (p) => {
  page = p;
});

const u = Date.now().toString().slice(-5);
const CAT = `现调${u}`;
const SPEC = `杯型${u}`;
const MATER = `珍珠${u}`;
const TEA = `奶茶${u}`;

const modal = () => frontModal(page);
const field = (label: string) => modal().locator('.ant-form-item').filter({ hasText: label }).first();
/**
 * Picks an option in that select's own dropdown (found through the input's aria-controls) once the list has
 * opened, and checks the select shows it: a click while the list still opens may choose nothing.
 */
async function choose(scope: ReturnType<typeof modal>, text: string) {
  const shown = selectIn(scope).filter({ hasText: text });
  for (let i = 0; i < 3 && !(await shown.count()); i++) {
    const input = selectIn(scope).locator('input').first();
    if ((await input.getAttribute('aria-expanded')) !== 'true') await selectIn(scope).click();
    const list = await input.getAttribute('aria-controls');
    await page.waitForTimeout(300 * (i + 1));
    await page
      .locator(`.ant-select-dropdown:has([id="${list}"])`)
      .locator('.ant-select-item-option')
      .filter({ hasText: text })
      .first()
      .click();
    await shown.waitFor({ timeout: 3_000 }).catch(() => {});
  }
  await shown.waitFor({ timeout: 1_000 });
}
async function okModal() {
  await clickOk(modal());
  await modal().waitFor({ state: 'hidden' });
}
async function api<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
  return page.evaluate(
    async ({ path, query }) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return (await (await fetch(`/api/v1/${path}?${qs}`, { credentials: 'include' })).json()).data;
    },
    { path, query },
  ) as Promise<T>;
}
async function counterQty(): Promise<number> {
  const r = await api<{ list: { name: string; location: string; qty: number }[] }>('stock_list', {
    keyword: MATER,
    item_kind: 'mater',
    location: 'counter',
  });
  return r.list[0]!.qty;
}
async function newDoc(type: string, qty: number, cost?: number) {
  await page.goto(`${baseUrl()}/stock/warehousing_list?stockType=${type}`);
  await page.getByRole('button', { name: /新建/ }).click();
  await searchPick(page, selectIn(modal()), MATER);
  await modal().getByPlaceholder('数量').fill(String(qty));
  if (cost !== undefined) await modal().getByPlaceholder('进价(元)').fill(String(cost));
  await modal().getByRole('button', { name: '保存并过账' }).click();
  await modal().waitFor({ state: 'hidden' });
  await tableRows(page).filter({ hasText: '已过账' }).first().waitFor();
}

describe('goods and stock, as demo_netbar', () => {
  it('creates a category, a specification, a material and a good with two SKUs and a recipe', async () => {
    await page.goto(`${baseUrl()}/goods/class_list`);
    await page.getByRole('button', { name: '新增分类' }).click();
    await field('分类名称').locator('input').fill(CAT);
    await okModal();
    await page.getByText(CAT).waitFor();
    await screenshot(page, 'goods-class-list');

    await page.goto(`${baseUrl()}/goods/goods_specifications`);
    await page.getByRole('button', { name: '新增规格' }).click();
    await field('规格名称').locator('input').fill(SPEC);
    await field('规格值').locator('input').fill('大杯');
    await page.keyboard.press('Enter');
    await field('规格值').locator('input').fill('中杯');
    await page.keyboard.press('Enter');
    await okModal();
    await page.getByText(SPEC).waitFor();

    await page.goto(`${baseUrl()}/goods/goods_matter`);
    await page.getByRole('button', { name: '新增原料' }).click();
    await field('原料名称').locator('input').fill(MATER);
    await field('单位').locator('input').fill('克');
    await field('成本价').locator('input').fill('0.02');
    await okModal();
    await page.getByText(MATER).waitFor();

    await page.goto(`${baseUrl()}/goods/goods_list`);
    await expectAccessible(page);
    await page.getByRole('button', { name: '新增商品' }).click();
    await field('商品名称').locator('input').fill(TEA);
    await choose(field('商品分类'), CAT);
    await field('单位').locator('input').fill('杯');
    const prices = modal().locator('.ant-input-number-input');
    // the spec's two values generate two SKU rows: 库存预警 + 2 × (成本, 售价, 会员) inputs
    await pickUntil(page, selectIn(modal(), '选择商品规格'), SPEC, prices.nth(6));
    // 库存预警, then per SKU: 成本, 售价, 会员
    for (const [i, v] of ['3', '12', '10', '2.5', '10', '9'].entries()) await prices.nth(i + 1).fill(v);
    await modal().getByRole('button', { name: '添加原料' }).click();
    await pickUntil(page, selectIn(modal(), '选择原料'), MATER, selectIn(modal(), MATER));
    await modal().locator('.ant-input-number-input').last().fill('30');
    // A picture: uploaded when chosen, then shown in the form.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await modal()
      .locator('input[type=file]')
      .setInputFiles({ name: 'tea.png', mimeType: 'image/png', buffer: png });
    await modal().locator('img[alt="商品图片"]').waitFor();
    await screenshot(page, 'goods-form');
    await okModal();
    await page.getByText(TEA).waitFor();
    await expect(page.getByText('大杯：12.00 / 10.00 / 3.00').count()).resolves.toBeGreaterThan(0);
    const saved = await api<{ list: { image_url: string }[] }>('goods_list', { keyword: TEA });
    expect(saved.list[0]!.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    await screenshot(page, 'goods-list');
  });

  it('receives the material, replenishes the counter and records a loss', async () => {
    await newDoc('mater_in', 1000, 0.02);
    await screenshot(page, 'stock-receipt');
    await newDoc('mater_bar_in', 400);
    await newDoc('mater_loss', 50);
    await expect(page.locator('.ant-card-head-title').first().textContent()).resolves.toContain('报损单');
    expect(await counterQty()).toBe(400);
    await page.goto(`${baseUrl()}/stock/stock_list`);
    await expectAccessible(page);
    await page.getByPlaceholder('名称或条码').fill(MATER);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await tableRows(page).filter({ hasText: '吧台' }).filter({ hasText: '400 克' }).waitFor();
    await tableRows(page).filter({ hasText: '仓库' }).filter({ hasText: '550 克' }).waitFor();
    await screenshot(page, 'stock-list');
  });

  it('counts the counter with a difference while a sale goes through the stock call', async () => {
    await page.goto(`${baseUrl()}/stock/inventory`);
    await expectAccessible(page);
    await page.getByRole('button', { name: '开始盘点' }).click();
    const input = page.getByLabel(`实盘-${MATER}`);
    await input.waitFor();
    // the cashier sells two large teas (30 g each) while the clerk is counting
    const tea = await api<{ list: { skus: { id: number; spec: string }[] }[] }>('goods_list', {
      keyword: TEA,
    });
    const sku = tea.list[0]!.skus.find((s) => s.spec === '大杯')!.id;
    const sale = await page.evaluate(async (sku_id) => {
      const r = await fetch('/api/v1/stock_sale', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ request_id: `e2e${Date.now()}`, lines: [{ sku_id, qty: 2 }] }),
      });
      return r.json();
    }, sku);
    expect(sale.status).toBe(200);
    expect(await counterQty()).toBe(340);
    // the clerk counted 390 g on the shelf when the count opened at 400 g: 10 g missing
    await input.fill('390');
    await page.getByRole('button', { name: '保存盘点数量' }).click();
    await page.getByText('盘点数量已保存').waitFor();
    await confirmPop(
      page,
      page.getByRole('button', { name: /^审\s*核$/ }).first(),
      '审核后不能再修改数量，确定审核？',
    );
    await page.getByText('审核通过').waitFor();
    await screenshot(page, 'stock-count');
    await confirmPop(page, page.getByRole('button', { name: /过\s*账/ }).first(), '确定过账？差异将计入库存');
    await page.getByText('盘点已过账').waitFor();
    // 400 at opening − 60 sold during the count − 10 missing
    expect(await counterQty()).toBe(330);
    await screenshot(page, 'stock-count-posted');
  });

  it('reads the ledger and the stock report, whose export matches the screen', async () => {
    await page.goto(`${baseUrl()}/stock/historical_Records`);
    await expectAccessible(page);
    await tableRows(page).first().waitFor();
    const ledger = await api<{
      list: { ref_type: string; qty_before: number; delta: number; qty_after: number }[];
    }>('stock_ledger_list', { item_kind: 'mater', location: 'counter', page_size: 50 });
    const mine = ledger.list.slice(0, 3).map((l) => [l.ref_type, l.qty_before, l.delta, l.qty_after]);
    expect(mine).toEqual([
      ['check', 340, -10, 330],
      ['sale', 400, -60, 340],
      ['mater_bar_in', 0, 400, 400],
    ]);
    await screenshot(page, 'stock-ledger');

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await page.goto(`${baseUrl()}/operating_statements/stock_report`);
    await expectAccessible(page);
    await page.getByPlaceholder('名称或条码').fill(MATER);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = tableRows(page).filter({ hasText: MATER });
    await row.waitFor();
    const report = await api<{ list: Record<string, number>[] }>('stock_report', {
      start: today,
      end: today,
      keyword: MATER,
    });
    expect(report.list[0]).toMatchObject({
      in_qty: 1000,
      loss_qty: -50,
      sale_qty: -60,
      check_qty: -10,
      transfer_qty: 0,
      closing_qty: 880,
    });
    await screenshot(page, 'stock-report');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导\s*出/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^库存报表-.*\.xlsx$/);
  });
});
