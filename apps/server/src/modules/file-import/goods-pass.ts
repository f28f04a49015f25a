import { emptyTally, type ImportProblem, UserType, yuanToFen } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { allGoods, barcodeOwner, listCategories, writeImportedGoods } from '../goods/index.ts';
import type { JobRow } from './file-import.repo.ts';
import type { Line } from './member-pass.ts';

/**
 * Goods rows of a file import (decision 190): one good with one SKU per row, the category created when
 * missing, written through the goods module's own writer. A name the store already has is skipped (the
 * import never overwrites prices set here); stock is not imported (it enters through a 入库 document).
 */

export interface GoodsPassState {
  scope: TenantScope;
  names: Set<string>;
  categories: Map<string, number>;
  barcodes: Set<string>;
}

const scopeOfJob = (job: JobRow): TenantScope => ({
  userId: job.user_id,
  type: UserType.Netbar,
  isAdmin: false,
  agentId: null,
  staffUserId: null,
  netbarId: job.netbar_id,
});

export async function goodsState(db: Conn, job: JobRow): Promise<GoodsPassState> {
  const scope = scopeOfJob(job);
  return {
    scope,
    names: new Set((await allGoods(db, scope)).map((g) => g.name)),
    categories: new Map((await listCategories(db, scope)).map((c) => [c.name, c.id])),
    barcodes: new Set(),
  };
}

const fen = (label: string, v: string, required: boolean): number | string => {
  if (v === '') return required ? `${label}为空` : 0;
  const f = yuanToFen(v.replace(/[,，¥￥]/g, ''));
  if (f === undefined || f < 0 || f > 100_000_000)
    return `${label}须为0-1000000元之间的金额，最多两位小数：${v.slice(0, 20)}`;
  return f;
};

interface GoodsIn {
  row: number;
  name: string;
  category: string;
  unit: string;
  price: number;
  member: number;
  cost: number;
  barcode: string;
}

function checkGoods(l: Line): GoodsIn | string {
  const name = l.get('name');
  if (!name || name.length > 30) return '商品名称为1-30个字符';
  const category = l.get('category');
  if (!category || category.length > 20) return '分类名称为1-20个字符';
  const unit = l.get('unit') || '个';
  if (unit.length > 10) return '单位为1-10个字符';
  const price = fen('售价', l.get('price'), true);
  if (typeof price === 'string') return price;
  const member = l.get('member_price') === '' ? price : fen('会员价', l.get('member_price'), false);
  if (typeof member === 'string') return member;
  if (member > price) return '会员价不能高于售价';
  const cost = fen('成本价', l.get('cost'), false);
  if (typeof cost === 'string') return cost;
  const barcode = l.get('barcode');
  if (barcode && !/^[0-9A-Za-z-]{4,32}$/.test(barcode))
    return `条码为4-32位字母或数字：${barcode.slice(0, 40)}`;
  return { row: l.row, name, category, unit, price, member, cost, barcode };
}

export async function goodsBatch(db: Conn, st: GoodsPassState, _job: JobRow, lines: Line[], commit: boolean) {
  const tally = emptyTally();
  tally.rows = lines.length;
  const problems: ImportProblem[] = [];
  const skip = (row: number, reason: string) => problems.push({ row, outcome: 'skip', reason });
  for (const l of lines) {
    const g = checkGoods(l);
    if (typeof g === 'string') {
      skip(l.row, g);
      continue;
    }
    if (st.names.has(g.name)) {
      skip(g.row, `已存在同名商品：${g.name}（不覆盖本系统的价格）`);
      continue;
    }
    if (g.barcode && (st.barcodes.has(g.barcode) || (await barcodeOwner(db, st.scope, g.barcode, 0)))) {
      skip(g.row, `条码已被其他商品使用：${g.barcode}`);
      continue;
    }
    st.names.add(g.name);
    if (g.barcode) st.barcodes.add(g.barcode);
    tally.create++;
    if (!commit) continue;
    await writeImportedGoods(db, st.scope, st.categories, {
      name: g.name,
      category: g.category,
      unit: g.unit,
      barcode: g.barcode,
      cost_fen: g.cost,
      price_fen: g.price,
      member_price_fen: g.member,
    });
  }
  tally.skip = tally.rows - tally.create;
  return { tally, problems };
}
