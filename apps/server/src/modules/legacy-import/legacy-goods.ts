import { QTY_MAX } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { allGoods, barcodeOwner, listCategories, writeImportedGoods } from '../goods/index.ts';
import { saveDoc } from '../stock/index.ts';
import type { LegacyConnector, LegacyGoods } from './connector.ts';
import { type Counters, type LegacyJob, setCounters } from './legacy-import.repo.ts';

/**
 * Goods of a source store (decision 194): each good written through the goods module's writer (one SKU,
 * its category created when missing); their stock enters through one posted 入库 document (goods_in) of
 * the stock module, so stock = the sum of the stock ledger. A good the store already has (same name) is
 * kept as it is: prices and stock are not touched, which also makes a re-run create nothing.
 */

const MONEY_MAX = 100_000_000;
const DOC_LINES = 500;

export function goodsProblem(g: LegacyGoods): string | undefined {
  if (!g.name || g.name.length > 30) return '商品名称为1-30个字符';
  if (!g.category || g.category.length > 20) return '分类名称为1-20个字符';
  if ((g.unit || '个').length > 10) return '单位为1-10个字符';
  for (const [label, v] of [
    ['售价', g.price_fen],
    ['会员价', g.member_price_fen],
    ['成本价', g.cost_fen],
  ] as const)
    if (!Number.isInteger(v) || v < 0 || v > MONEY_MAX) return `${label}须为0-1000000元之间的金额`;
  if (g.member_price_fen > g.price_fen) return '会员价不能高于售价';
  if (g.barcode && !/^[0-9A-Za-z-]{4,32}$/.test(g.barcode)) return '条码为4-32位字母或数字';
  if (!Number.isInteger(g.stock) || g.stock < 0 || g.stock > QTY_MAX) return `库存须为0-${QTY_MAX}的整数`;
  return undefined;
}

export async function runGoods(
  db: Db,
  connector: LegacyConnector,
  s: TenantScope,
  user: { id: number; name: string },
  job: LegacyJob,
  token: string,
): Promise<void> {
  const list: LegacyGoods[] = [];
  for await (const page of connector.goods(token, job.source_store)) list.push(...page);
  const c: Counters = { total: list.length, com: 0, member: 0, right: 0, failed: 0 };
  await setCounters(db, job.id, c);
  const names = new Set((await allGoods(db, s)).map((g) => g.name));
  const categories = new Map((await listCategories(db, s)).map((x) => [x.name, x.id]));
  const created: { id: number; qty: number; cost_fen: number }[] = [];
  for (const g of list) {
    c.com++;
    if (names.has(g.name)) {
      c.right++;
      continue;
    }
    if (goodsProblem(g) || (g.barcode && (await barcodeOwner(db, s, g.barcode, 0)))) {
      c.failed++;
      continue;
    }
    const id = await db.transaction((tx) => writeImportedGoods(tx, s, categories, g));
    names.add(g.name);
    c.member++;
    if (g.stock > 0) created.push({ id, qty: g.stock, cost_fen: g.cost_fen });
    if (c.com % 20 === 0) await setCounters(db, job.id, c);
  }
  const skuOf = new Map((await allGoods(db, s)).map((x) => [x.id, x.skus[0]?.id]));
  const stock = created.flatMap((x) => {
    const sku = skuOf.get(x.id);
    return sku ? [{ item_kind: 'goods' as const, item_id: sku, qty: x.qty, cost_fen: x.cost_fen }] : [];
  });
  for (let i = 0; i < stock.length; i += DOC_LINES)
    await saveDoc(db, s, user, {
      doc_type: 'goods_in',
      remark: `从旧系统导入：产品${job.product}门店${job.source_store}的库存`,
      lines: stock.slice(i, i + DOC_LINES),
      post: '1',
      request_id: `legacy-goods-${job.id}-${i / DOC_LINES}`,
    });
  await setCounters(db, job.id, c);
}
