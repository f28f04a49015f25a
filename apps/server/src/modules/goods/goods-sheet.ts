import {
  fenToYuanNumber,
  GOODS_SHEET_COLUMNS,
  type GoodsRow,
  type GoodsSaveBody,
  goodsSaveBody,
  type ImportReport,
  yuanToFen,
} from '@netbar/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { listCategories, saveCategory } from './catalog.repo.ts';
import { allGoods, barcodeOwner, writeGoods } from './goods.repo.ts';

/** Goods import from xlsx (decision 045): every row is checked first; with any bad row nothing is written. */

/** The answer of an import: the contract's importReportSchema. */
export type { ImportReport };

const cellText = (c: ExcelJS.Cell) => String(c.text ?? '').trim();

export async function parseSheet(buf: Buffer): Promise<{ row: number; cells: string[] }[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const out: { row: number; cells: string[] }[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const cells = GOODS_SHEET_COLUMNS.map((_, i) => cellText(row.getCell(i + 1)));
    if (cells.some((c) => c !== '')) out.push({ row: n, cells });
  });
  return out;
}

export async function headerOk(buf: Buffer): Promise<boolean> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) return false;
  return GOODS_SHEET_COLUMNS.every((h, i) => cellText(ws.getRow(1).getCell(i + 1)) === h);
}

export async function importGoods(
  db: Db,
  store: TenantScope,
  buf: Buffer,
  dryRun: boolean,
): Promise<ImportReport> {
  const lines = await parseSheet(buf);
  const errors: ImportReport['errors'] = [];
  const cats = new Map((await listCategories(db, store)).map((c) => [c.name, c.id]));
  const existing = new Set((await allGoods(db, store)).map((g) => g.name));
  const drafts = new Map<
    string,
    { category: string; body: Omit<GoodsSaveBody, 'category_id'>; rows: number[] }
  >();
  const codes = new Set<string>();
  for (const { row, cells } of lines) {
    const [name, category, unit, spec, barcode, cost, price, member, track, low] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const bad = (msg: string) => errors.push({ row, msg });
    if (!name || name.length > 30) {
      bad('商品名称为1-30个字符');
      continue;
    }
    if (existing.has(name)) {
      bad(`商品「${name}」已存在`);
      continue;
    }
    if (!category || category.length > 20) {
      bad('分类为1-20个字符');
      continue;
    }
    if (!unit || unit.length > 10) {
      bad('单位为1-10个字符');
      continue;
    }
    const fen = [cost, price, member || price].map((v) => yuanToFen(v));
    if (fen.some((f) => f === undefined)) {
      bad('价格须为不超过两位小数的金额');
      continue;
    }
    const [costFen, priceFen, memberFen] = fen as [number, number, number];
    if (memberFen > priceFen) {
      bad('会员价不能高于售价');
      continue;
    }
    if (barcode && !/^[0-9A-Za-z-]{4,32}$/.test(barcode)) {
      bad('条码为4-32位字母或数字');
      continue;
    }
    if (barcode && (codes.has(barcode) || (await barcodeOwner(db, store, barcode, 0)))) {
      bad(`条码${barcode}重复或已被使用`);
      continue;
    }
    if (track && track !== '是' && track !== '否') {
      bad('管理库存请填写“是”或“否”');
      continue;
    }
    if (low && !/^\d{1,9}$/.test(low)) {
      bad('库存预警须为非负整数');
      continue;
    }
    if (barcode) codes.add(barcode);
    const d = drafts.get(name) ?? {
      category,
      rows: [],
      body: {
        name,
        unit,
        shelf_status: 1,
        colour: 1,
        track_stock: track !== '否',
        low_stock: Number(low || 0),
        skus: [],
        recipe: [],
      },
    };
    if (d.category !== category) {
      bad(`同一商品「${name}」的分类不一致`);
      continue;
    }
    if (d.body.skus.some((s) => s.spec === spec)) {
      bad(`商品「${name}」的规格「${spec || '默认'}」重复`);
      continue;
    }
    d.body.skus.push({
      spec,
      barcode: barcode || undefined,
      cost_fen: costFen,
      price_fen: priceFen,
      member_price_fen: memberFen,
    });
    d.rows.push(row);
    drafts.set(name, d);
  }
  const newCats = [...new Set([...drafts.values()].map((d) => d.category).filter((c) => !cats.has(c)))];
  const report: ImportReport = {
    rows: lines.length,
    goods: drafts.size,
    skus: [...drafts.values()].reduce((s, d) => s + d.body.skus.length, 0),
    new_categories: newCats,
    errors,
    written: false,
  };
  if (!lines.length) errors.push({ row: 0, msg: '表格中没有商品数据' });
  if (dryRun || errors.length) return report;
  const work = db.transaction(async (tx) => {
    for (const c of newCats)
      cats.set(c, (await saveCategory(tx, store, { name: c, sort: 0, shared: false, chainId: 0 }))!);
    for (const d of drafts.values()) {
      const body = goodsSaveBody.parse({ ...d.body, category_id: cats.get(d.category) });
      await writeGoods(tx, store, body);
    }
  });
  await orConflict(work, '商品或分类名称已存在，请刷新后重新导入');
  return { ...report, written: true };
}

export async function goodsWorkbook(list: GoodsRow[] | null): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(list ? '商品列表' : '商品导入模板');
  ws.columns = GOODS_SHEET_COLUMNS.map((h) => ({ header: h, width: h === '商品名称' ? 24 : 14 }));
  ws.getRow(1).font = { bold: true };
  if (!list) {
    ws.addRow(['可口可乐 330ml', '饮料', '瓶', '', '6901234567892', 1.8, 3, 2.8, '是', 24]);
    ws.addRow(['奶茶', '饮料', '杯', '大杯', '', 3, 12, 10, '是', 0]);
    ws.addRow(['奶茶', '饮料', '杯', '中杯', '', 2.5, 10, 9, '是', 0]);
  }
  for (const g of list ?? []) {
    for (const k of g.skus) {
      ws.addRow([
        g.name,
        g.category_name,
        g.unit,
        k.spec,
        k.barcode,
        fenToYuanNumber(k.cost_fen),
        fenToYuanNumber(k.price_fen),
        fenToYuanNumber(k.member_price_fen),
        g.track_stock ? '是' : '否',
        g.low_stock,
      ]);
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
