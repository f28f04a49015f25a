import { describe, expect, it } from 'vitest';
import { orderCreateBody, orderPayBody, orderRefundBody } from './order';
import { PERM } from './permissions';
import { canAccess, flattenRoutes, menuFor } from './routes';

const node = (path: string) => flattenRoutes().find((n) => n.path === path)!;
const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? '' : r.error!.issues[0]!.message;
const line = { sku_id: 1, qty: 2 };

describe('order bodies', () => {
  it('accepts a ring-up with lines and a split payment (form JSON strings too)', () => {
    const r = orderCreateBody.parse({
      request_id: 'abcdefgh1',
      lines: JSON.stringify([line, { sku_id: 2, qty: 1, price_fen: 150 }]),
      payments: JSON.stringify([
        { method: 'cash', amount_fen: 500, tendered_fen: 1000 },
        { method: 'member', amount_fen: 100 },
      ]),
    });
    expect(r.lines[1]!.price_fen).toBe(150);
    expect(r.payments).toHaveLength(2);
  });
  it('refuses bad quantities, too many lines, bad ids and bad payments in Chinese', () => {
    const base = { request_id: 'abcdefgh1' };
    expect(msg(orderCreateBody.safeParse({ ...base, lines: [{ sku_id: 1, qty: 0 }] }))).toMatch(
      /^数量须为1-/,
    );
    expect(msg(orderCreateBody.safeParse({ ...base, lines: [{ sku_id: 1, qty: -3 }] }))).toMatch(
      /^数量须为1-/,
    );
    expect(msg(orderCreateBody.safeParse({ ...base, lines: [{ sku_id: 1, qty: 1.5 }] }))).toMatch(
      /^数量须为1-/,
    );
    expect(msg(orderCreateBody.safeParse({ ...base, lines: [{ sku_id: 'x', qty: 1 }] }))).toBe('请选择商品');
    expect(msg(orderCreateBody.safeParse({ ...base, lines: [] }))).toBe('商品为1-100行');
    expect(msg(orderCreateBody.safeParse({ ...base, lines: Array(101).fill(line) }))).toBe('商品为1-100行');
    expect(msg(orderCreateBody.safeParse({ ...base, lines: [{ ...line, price_fen: -1 }] }))).toMatch(
      /^单价须为/,
    );
    expect(msg(orderCreateBody.safeParse({ lines: [line] }))).toBe('缺少请求编号');
    expect(msg(orderCreateBody.safeParse({ ...base, lines: [{ qty: 1 }] }))).toBe('请选择商品');
    const pay = (payments: unknown) =>
      msg(orderPayBody.safeParse({ order_id: 1, request_id: 'abcdefgh1', payments }));
    expect(pay([{ method: 'card', amount_fen: 1 }])).toBe('请选择支付方式');
    expect(pay([{ method: 'cash', amount_fen: 0 }])).toMatch(/^支付金额须为/);
    expect(pay([{ method: 'cash', amount_fen: 500, tendered_fen: 400 }])).toBe('实收金额不能少于应收金额');
    expect(pay([{ method: 'member', amount_fen: 500, tendered_fen: 600 }])).toBe(
      '只有现金支付可填写实收金额',
    );
    expect(
      pay([
        { method: 'cash', amount_fen: 1 },
        { method: 'cash', amount_fen: 1 },
      ]),
    ).toBe('同一支付方式只能出现一次');
    expect(msg(orderRefundBody.safeParse({ order_id: 1, request_id: 'abcdefgh1', reason: '' }))).toBe(
      '请填写退款原因（1-100个字符）',
    );
    expect(
      msg(
        orderRefundBody.safeParse({
          order_id: 1,
          request_id: 'abcdefgh1',
          reason: '坏了',
          lines: [{ line_id: 1, qty: 0 }],
        }),
      ),
    ).toMatch(/^退款数量须为1-/);
  });
});

describe('goods-group lines (decision 142)', () => {
  const base = { request_id: 'abcdefgh1' };
  it('takes a group line beside SKU lines', () => {
    const r = orderCreateBody.parse({
      ...base,
      lines: JSON.stringify([line, { group_id: 7, qty: '2' }]),
    });
    expect(r.lines[1]).toEqual({ group_id: 7, qty: 2 });
  });
  it('refuses a line with both or neither, a priced group, and group quantities outside 1-999', () => {
    const bad = (l: unknown) => msg(orderCreateBody.safeParse({ ...base, lines: [l] }));
    expect(bad({ sku_id: 1, group_id: 2, qty: 1 })).toBe('一行只能是商品或套餐其中之一');
    expect(bad({ group_id: 2, qty: 1, price_fen: 100 })).toBe('套餐按套餐价销售，不能改价');
    expect(bad({ group_id: 'x', qty: 1 })).toBe('请选择套餐');
    expect(bad({ group_id: 2, qty: 0 })).toMatch(/^数量须为1-999/);
    expect(bad({ group_id: 2, qty: 1000 })).toMatch(/^数量须为1-999/);
  });
});

describe('the counter in the route table (decision 123)', () => {
  it('opens 收银台 for its own id or for 购物订单 264, not for the action grants alone', () => {
    const cashier = node('/order/cashier');
    expect(canAccess(cashier, [PERM.ORDER_LIST])).toBe(true);
    expect(canAccess(cashier, [PERM.CASHIER])).toBe(true);
    expect(canAccess(cashier, [PERM.ORDER_DISCOUNT, PERM.ORDER_REFUND, PERM.LEASE_ORDER_LIST])).toBe(false);
    expect(
      menuFor([PERM.ORDER_LIST])
        .find((n) => n.path === '/order')
        ?.children?.map((c) => c.path),
    ).toEqual(['/order/order_list', '/order/cashier', '/order/shift', '/order/lease_counter']);
    expect(node('/order/discount').hidden && node('/order/refund').hidden).toBe(true);
  });
});
