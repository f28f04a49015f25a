import { z } from 'zod';
import { isCalendarDate } from './agent';
import { isDateTimeText } from './pricing';
import { ID_MAX, MOBILE_PATTERN, pageQuery } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/**
 * Equipment leasing (application equipment_leasing 10519) and the lease order list (/order/lease_order_list
 * 263): lease items with a deposit and a price per hour or per use, rentals to a member or a walk-in customer,
 * return with the fee settled from the deposit, lost or damaged (decision 128). Money is fen.
 */

export const LEASE_PRICE_UNITS = ['hour', 'use'] as const;
export type LeasePriceUnit = (typeof LEASE_PRICE_UNITS)[number];
export const LEASE_PRICE_UNIT_LABELS: Record<LeasePriceUnit, string> = { hour: '按小时', use: '按次' };

/** Stored statuses of a lease; 已逾期 is 租用中 past its expected return (a computed flag, `overdue`). */
export const LEASE_STATUSES = ['renting', 'returned', 'lost'] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];
export const LEASE_STATUS_LABELS: Record<LeaseStatus, string> = {
  renting: '租用中',
  returned: '已归还',
  lost: '丢失损坏',
};
/** The list's status filter: the stored statuses plus 已逾期. */
export const LEASE_FILTER_STATUSES = ['renting', 'returned', 'overdue', 'lost'] as const;
export type LeaseFilterStatus = (typeof LEASE_FILTER_STATUSES)[number];
export const LEASE_FILTER_STATUS_LABELS: Record<LeaseFilterStatus, string> = {
  renting: '租用中',
  returned: '已归还',
  overdue: '已逾期',
  lost: '丢失损坏',
};
export const LEASE_LOSS_KINDS = ['lost', 'damaged'] as const;
export type LeaseLossKind = (typeof LEASE_LOSS_KINDS)[number];
export const LEASE_LOSS_KIND_LABELS: Record<LeaseLossKind, string> = { lost: '丢失', damaged: '损坏' };

/** How a deposit (and a fee above it) is paid: cash into the till, or from the member's balance. */
export const LEASE_PAY_METHODS = ['cash', 'member'] as const;
export type LeasePayMethod = (typeof LEASE_PAY_METHODS)[number];
export const LEASE_PAY_METHOD_LABELS: Record<LeasePayMethod, string> = { cash: '现金', member: '会员余额' };

/** Rows of the item quantity ledger: on hand (在库) and out with customers (租出). */
export const LEASE_STOCK_KINDS = ['in', 'out', 'rent', 'return', 'lost'] as const;
export type LeaseStockKind = (typeof LEASE_STOCK_KINDS)[number];
export const LEASE_STOCK_KIND_LABELS: Record<LeaseStockKind, string> = {
  in: '入库',
  out: '报废出库',
  rent: '租出',
  return: '归还',
  lost: '丢失损坏',
};

/** One deposit or price: at most 10,000 yuan; one rental: at most 99 units. */
export const LEASE_MONEY_MAX_FEN = 1_000_000;
export const LEASE_QTY_MAX = 99;
export const LEASE_STOCK_QTY_MAX = 10_000;

/**
 * The fee of a rental (decision 128). Per use: price × qty. Per hour: the minutes between rent and return
 * (whole minutes, seconds dropped), a started hour counts as a whole one, at least one hour; × price × qty.
 */
export function leaseFee(
  item: { price_fen: number; price_unit: LeasePriceUnit },
  qty: number,
  rentedAt: Date | number,
  returnedAt: Date | number,
): { minutes: number; units: number; fee_fen: number } {
  const ms = Math.max(0, +returnedAt - +rentedAt);
  const minutes = Math.floor(ms / 60_000);
  const units = item.price_unit === 'use' ? 1 : Math.max(1, Math.ceil(minutes / 60));
  return { minutes, units, fee_fen: units * item.price_fen * qty };
}

/**
 * How a settled rental's money splits (decision 128): the deposit is given back in full on the books and
 * the fee charged; the drawer sees the net. `refund_fen` is what the customer gets back, `extra_fen` what
 * they still pay when the fee is above the deposit.
 */
export function leaseSettlement(depositFen: number, feeFen: number) {
  return { refund_fen: Math.max(0, depositFen - feeFen), extra_fen: Math.max(0, feeFen - depositFen) };
}

/**
 * 抹分 at a return (decision 143): the fewest 分 (0-9) taken off the fee so the cash the drawer nets — the
 * deposit given back and the fee kept when the deposit was cash, the part above the deposit when that is
 * paid in cash — is whole 角. 0 when no cash moves or it is whole already.
 */
export function leaseCashRound(
  depositFen: number,
  feeFen: number,
  depositMethod: LeasePayMethod,
  extraMethod: LeasePayMethod,
): number {
  const cashNet = (fee: number) => {
    const { extra_fen } = leaseSettlement(depositFen, fee);
    return (
      (depositMethod === 'cash' ? fee - extra_fen - depositFen : 0) + (extraMethod === 'cash' ? extra_fen : 0)
    );
  };
  for (let r = 0; r <= Math.min(9, feeFen); r++) if (cashNet(feeFen - r) % 10 === 0) return r;
  return 0;
}

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });
const id = (msg: string) => intField(msg, 1, ID_MAX);
const money = (label: string) =>
  intField(`${label}须为0-${LEASE_MONEY_MAX_FEN / 100}元之间的金额`, 0, LEASE_MONEY_MAX_FEN);
const remark = optional(text('备注最多200个字符', 1, 200));
const bool = z.preprocess(
  (v) =>
    v === 'true' || v === '1' || v === 1 || v === true
      ? true
      : v === 'false' || v === '0' || v === 0 || v === false
        ? false
        : v,
  z.boolean({ error: '参数错误' }),
);

export const leaseItemSaveBody = z.object({
  id: optional(id('参数错误')),
  name: text('物品名称为1-20个字符', 1, 20),
  deposit_fen: money('押金'),
  price_fen: money('租金单价'),
  price_unit: z.enum(LEASE_PRICE_UNITS, { error: '请选择计费方式' }),
  /** Units put in stock when the item is added (a 入库 row); ignored on edit (use 入库/报废). */
  initial_qty: optional(intField(`初始数量须为0-${LEASE_STOCK_QTY_MAX}之间的整数`, 0, LEASE_STOCK_QTY_MAX)),
  /** Absent: enabled when added, unchanged when edited. */
  enabled: optional(bool),
  remark,
});
export type LeaseItemSaveBody = z.infer<typeof leaseItemSaveBody>;

export const leaseItemStockBody = z.object({
  item_id: id('请选择租赁物品'),
  /** in 入库, out 报废出库 (write off). */
  kind: z.enum(['in', 'out'], { error: '请选择入库或报废' }),
  qty: intField(`数量须为1-${LEASE_STOCK_QTY_MAX}之间的整数`, 1, LEASE_STOCK_QTY_MAX),
  reason: text('请填写原因（1-100个字符）', 1, 100),
  request_id: requestId,
});
export type LeaseItemStockBody = z.infer<typeof leaseItemStockBody>;

export const leaseItemQuery = pageQuery.extend({
  keyword: optional(z.string().trim().max(50, { error: '关键字最多50个字符' })),
  enabled: optional(bool),
});
export type LeaseItemQuery = z.infer<typeof leaseItemQuery>;

export const leaseItemLedgerQuery = pageQuery.extend({ item_id: id('参数错误') });

const dateTime = (msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .refine((s) => isDateTimeText(s) && s.length > 10, { error: msg });

export const leaseRentBody = z
  .object({
    request_id: requestId,
    item_id: id('请选择租赁物品'),
    qty: intField(`租用数量须为1-${LEASE_QTY_MAX}之间的整数`, 1, LEASE_QTY_MAX),
    /** A member of the store's pool, or a walk-in customer (name and phone optional). */
    member_id: optional(id('请选择会员')),
    customer_name: optional(text('租用人姓名最多20个字符', 1, 20)),
    customer_phone: optional(
      z.string({ error: '手机号格式不正确' }).trim().regex(MOBILE_PATTERN, { error: '手机号格式不正确' }),
    ),
    /** Shanghai wall clock 'YYYY-MM-DD HH:mm[:ss]'; must be after now. */
    expected_return_at: dateTime('预计归还时间格式为YYYY-MM-DD HH:mm，且须为存在的日期'),
    pay_method: z.enum(LEASE_PAY_METHODS, { error: '请选择押金支付方式' }).default('cash'),
    remark,
  })
  .refine((b) => b.pay_method !== 'member' || b.member_id !== undefined, {
    error: '会员余额支付押金须先选择会员',
    path: ['member_id'],
  });
export type LeaseRentBody = z.infer<typeof leaseRentBody>;

export const leaseReturnBody = z.object({
  request_id: requestId,
  lease_id: id('参数错误'),
  /** How a fee above the deposit is paid (default: the deposit's method). */
  pay_method: optional(z.enum(LEASE_PAY_METHODS, { error: '请选择支付方式' })),
  remark,
});
export type LeaseReturnBody = z.infer<typeof leaseReturnBody>;

export const leaseLostBody = z.object({
  request_id: requestId,
  lease_id: id('参数错误'),
  kind: z.enum(LEASE_LOSS_KINDS, { error: '请选择丢失或损坏' }),
  reason: text('请填写原因（1-100个字符）', 1, 100),
});
export type LeaseLostBody = z.infer<typeof leaseLostBody>;

const day = optional(
  z
    .string({ error: '日期不存在或格式不正确（YYYY-MM-DD）' })
    .trim()
    .refine(isCalendarDate, { error: '日期不存在或格式不正确（YYYY-MM-DD）' }),
);
export const leaseOrderQuery = pageQuery
  .extend({
    /** Rented on these Shanghai days (inclusive). */
    date_from: day,
    date_to: day,
    status: optional(z.enum(LEASE_FILTER_STATUSES, { error: '状态不正确' })),
    item_id: optional(id('参数错误')),
    member_id: optional(id('参数错误')),
    cashier_id: optional(id('参数错误')),
    /** Lease number, customer name or phone. */
    keyword: optional(z.string().trim().max(50, { error: '关键字最多50个字符' })),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    error: '开始日期不能晚于结束日期',
  });
export type LeaseOrderQuery = z.infer<typeof leaseOrderQuery>;

export const leaseIdQuery = z.object({ id: id('参数错误') });

export * from './lease-rows';
