import { fenToYuan, type OrderLineInput, priceBasket } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { BadInputError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { momentOf, pricingOf } from '../goods/index.ts';
import type { NewLine } from './order.repo.ts';
import { groupsForSale } from './order-group.repo.ts';

/**
 * Prices an order on the server (decision 124): the store's sales plans, promotions and the member price
 * (once a member is attached) through the contract's priceBasket; client prices are never trusted. A line
 * with `price_fen` different from the store's price is an edited price (a line discount): it needs the
 * 改价/折扣 grant (2641; the owner always holds it), may not exceed the store's price, and takes no
 * promotion. Without the grant an edited price below cost is refused as 低于成本价 (40000), any other
 * edit as 没有改价/折扣权限 (40003). A goods-group (套餐) line is priced at the group's price (decision 142).
 */
export async function priceLines(
  db: Conn,
  s: TenantScope,
  input: OrderLineInput[],
  opts: { member: boolean; mayEdit: boolean },
): Promise<{ lines: NewLine[]; list_fen: number; total_fen: number }> {
  const isGroup = (l: OrderLineInput) => l.group_id !== undefined;
  const skuLines = await priceSkuLines(
    db,
    s,
    input.filter((l) => !isGroup(l)),
    opts,
  );
  const groupLines = await priceGroupLines(db, s, input.filter(isGroup));
  // back in the order given
  const lines = input.map((l) => (isGroup(l) ? groupLines.shift()! : skuLines.shift()!));
  return {
    lines,
    list_fen: lines.reduce((a, l) => a + l.list_fen * l.qty, 0),
    total_fen: lines.reduce((a, l) => a + l.total_fen, 0),
  };
}

/**
 * Goods-group (套餐) lines (decision 142): the group's own price for everyone (members too), no sales plan,
 * no promotion, no edit; the group must be the store's (else 套餐不存在, 40004) and on the shelf. The line
 * keeps the group's items as sold, and its unit cost is what they cost.
 */
async function priceGroupLines(db: Conn, s: TenantScope, input: OrderLineInput[]): Promise<NewLine[]> {
  const groups = new Map(
    (await groupsForSale(db, s, [...new Set(input.map((l) => l.group_id!))])).map((g) => [g.id, g]),
  );
  return input.map((l) => {
    const g = groups.get(l.group_id!);
    if (!g) throw new NotFoundError('套餐不存在');
    if (!g.on_shelf) throw new BadInputError(`套餐「${g.name}」已下架，不能销售`);
    if (!g.items.length) throw new BadInputError(`套餐「${g.name}」没有商品，不能销售`);
    return {
      sku_id: null,
      group_id: g.id,
      goods_id: 0,
      name: g.name,
      qty: l.qty,
      list_fen: g.price_fen,
      unit_fen: g.price_fen,
      total_fen: g.price_fen * l.qty,
      cost_fen: g.items.reduce((a, i) => a + i.cost_fen * i.qty, 0),
      edited: false,
      promotion_ids: [],
      items: g.items.map(({ sku_id, name, qty }) => ({ sku_id, name, qty })),
    };
  });
}

/** SKU lines: the engine over the store's plans and promotions, edited prices under the grant. */
async function priceSkuLines(
  db: Conn,
  s: TenantScope,
  input: OrderLineInput[],
  opts: { member: boolean; mayEdit: boolean },
): Promise<NewLine[]> {
  if (!input.length) return [];
  // the SKUs, sales plans and promotions in one statement (decision 139)
  const { skus, plans, promotions } = await pricingOf(db, s, [...new Set(input.map((l) => l.sku_id!))]);
  const facts = new Map(skus.map((k) => [k.sku_id, k]));
  if (input.some((l) => !facts.has(l.sku_id!))) throw new NotFoundError('商品不存在');
  const basket = input.map((l) => {
    const { sku_id, goods_id, category_id, price_fen, member_price_fen } = facts.get(l.sku_id!)!;
    return { sku_id, goods_id, category_id, price_fen, member_price_fen, qty: l.qty };
  });
  const at = momentOf();
  const all = priceBasket({ lines: basket, at, member: opts.member, plans, promotions });
  const edited = input.map((l, i) => l.price_fen !== undefined && l.price_fen !== all.lines[i]!.base_fen);
  // Promotions are worked out again over the lines whose price was not edited.
  const plainIdx = input.map((_, i) => i).filter((i) => !edited[i]);
  const plain = priceBasket({
    lines: plainIdx.map((i) => basket[i]!),
    at,
    member: opts.member,
    plans,
    promotions,
  });
  return input.map((l, i): NewLine => {
    const f = facts.get(l.sku_id!)!;
    const p = all.lines[i]!;
    if (!f.on_shelf) throw new BadInputError(`${f.name}已下架，不能销售`);
    if (!p.available) throw new BadInputError(`${f.name}当前时段不可售`);
    const base = p.base_fen;
    if (edited[i]) {
      const price = l.price_fen!;
      if (price > base) throw new BadInputError(`${f.name}改价不能高于售价¥${fenToYuan(base)}`);
      if (!opts.mayEdit && price < f.cost_fen)
        throw new BadInputError(
          `${f.name}改价¥${fenToYuan(price)}低于成本价¥${fenToYuan(f.cost_fen)}，需要改价/折扣权限`,
        );
      if (!opts.mayEdit) throw new ForbiddenError('没有改价/折扣权限');
      return { ...line(l, f, base, price, price * l.qty, true, []), goods_id: basket[i]!.goods_id };
    }
    const q = plain.lines[plainIdx.indexOf(i)]!;
    return { ...line(l, f, base, base, q.total_fen, false, q.promotion_ids), goods_id: basket[i]!.goods_id };
  });
}

function line(
  l: OrderLineInput,
  f: { name: string; cost_fen: number },
  list: number,
  unit: number,
  total: number,
  edited: boolean,
  promotion_ids: number[],
): NewLine {
  return {
    sku_id: l.sku_id!,
    group_id: null,
    goods_id: 0,
    name: f.name,
    qty: l.qty,
    list_fen: list,
    unit_fen: unit,
    total_fen: total,
    cost_fen: f.cost_fen,
    edited,
    promotion_ids,
    items: [],
  };
}
