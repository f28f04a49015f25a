import { fenToYuan, type OrderLineInput, priceBasket } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { BadInputError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { momentOf, pricingOf } from '../goods/index.ts';
import type { NewLine } from './order.repo.ts';

/**
 * Prices an order on the server (decision 124): the store's sales plans, promotions and the member price
 * (once a member is attached) through the contract's priceBasket; client prices are never trusted. A line
 * with `price_fen` different from the store's price is an edited price (a line discount): it needs the
 * 改价/折扣 grant (2641; the owner always holds it), may not exceed the store's price, and takes no
 * promotion. Without the grant an edited price below cost is refused as 低于成本价 (40000), any other
 * edit as 没有改价/折扣权限 (40003).
 */
export async function priceLines(
  db: Conn,
  s: TenantScope,
  input: OrderLineInput[],
  opts: { member: boolean; mayEdit: boolean },
): Promise<{ lines: NewLine[]; list_fen: number; total_fen: number }> {
  // the SKUs, sales plans and promotions in one statement (decision 139)
  const { skus, plans, promotions } = await pricingOf(db, s, [...new Set(input.map((l) => l.sku_id))]);
  const facts = new Map(skus.map((k) => [k.sku_id, k]));
  if (input.some((l) => !facts.has(l.sku_id))) throw new NotFoundError('商品不存在');
  const basket = input.map((l) => {
    const { sku_id, goods_id, category_id, price_fen, member_price_fen } = facts.get(l.sku_id)!;
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
  const lines = input.map((l, i): NewLine => {
    const f = facts.get(l.sku_id)!;
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
  return {
    lines,
    list_fen: lines.reduce((a, l) => a + l.list_fen * l.qty, 0),
    total_fen: lines.reduce((a, l) => a + l.total_fen, 0),
  };
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
    sku_id: l.sku_id,
    goods_id: 0,
    name: f.name,
    qty: l.qty,
    list_fen: list,
    unit_fen: unit,
    total_fen: total,
    cost_fen: f.cost_fen,
    edited,
    promotion_ids,
  };
}
