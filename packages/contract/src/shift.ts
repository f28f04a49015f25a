import { z } from 'zod';
import { jsonArray } from './goods';
import { ID_MAX } from './validation/fields';
import { emptyToUndefined, intField, numberFromForm, optional, text } from './validation/helpers';

/**
 * Shifts (issue 13 item 6; decisions 122, 126, 127): open with a float, petty cash, handover with a
 * cash count by denomination, records (/shift_management/shift_record 128), summary (shift_summary
 * 239) and the automatic handover settings (application handover/cloud_billing 10508).
 */

/** Kinds of till movements (decision 122), in the order a slip lists them. */
export const TILL_KINDS = [
  'sale',
  'refund',
  'topup',
  'lease_deposit',
  'lease_fee',
  'lease_refund',
  'desk',
  'petty_in',
  'petty_out',
] as const;
export type TillKindValue = (typeof TILL_KINDS)[number];
export const TILL_KIND_LABELS: Record<TillKindValue, string> = {
  sale: '商品销售',
  refund: '退款',
  topup: '会员充值',
  lease_deposit: '租赁押金',
  lease_fee: '租赁费用',
  lease_refund: '退还押金',
  desk: '桌台消费',
  petty_in: '备用金存入',
  petty_out: '备用金取出/支出',
};
export const TILL_METHODS = ['cash', 'member', 'scan'] as const;
export type TillMethodValue = (typeof TILL_METHODS)[number];
export const TILL_METHOD_LABELS: Record<string, string> = {
  cash: '现金',
  member: '会员余额',
  scan: '扫码支付',
};
export const tillMethodLabel = (m: string) => TILL_METHOD_LABELS[m] ?? m;

/** Face values a cashier counts, in fen: 100/50/20/10/5/1 元, 5角, 1角. */
export const CASH_FACES_FEN = [10000, 5000, 2000, 1000, 500, 100, 50, 10] as const;
export const cashFaceLabel = (fen: number) => (fen >= 100 ? `${fen / 100}元` : `${fen / 10}角`);

export const SHIFT_STATUSES = ['open', 'closed'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];
export const SHIFT_STATUS_LABELS: Record<ShiftStatus, string> = { open: '当班中', closed: '已交班' };
/** How a shift was opened: counted float at the counter, the first movement, or a handover. */
export const SHIFT_OPENED_LABELS: Record<string, string> = {
  counter: '开班',
  auto: '自动开班',
  handover: '交接班',
};
/** '' none needed; pending 待审批, approved 已审批, rejected 已驳回 (decision 127). */
export const APPROVAL_STATUSES = ['', 'pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  '': '无需审批',
  pending: '待审批',
  approved: '已审批',
  rejected: '已驳回',
};
/** Who may approve an over/short: nobody needs to ('none') or the store owner ('owner'). */
export const APPROVAL_RULES = ['none', 'owner'] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];
export const APPROVAL_RULE_LABELS: Record<ApprovalRule, string> = {
  none: '无需审批',
  owner: '店主审批',
};
/** Over/short label: 长款 when more cash than expected, 短款 when less. */
export const overShortLabel = (fen: number | null) =>
  fen == null ? '' : fen > 0 ? '长款' : fen < 0 ? '短款' : '平账';

/** A shift's money may reach 100,000 元 of float; a petty movement as much. */
export const SHIFT_FLOAT_MAX_FEN = 10_000_000;

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });
const fen = (msg: string, min: number) => intField(msg, min, SHIFT_FLOAT_MAX_FEN);
const remark = optional(text('备注最多200个字符', 1, 200));
const optId = (msg: string) =>
  z.preprocess(
    (v) => numberFromForm(emptyToUndefined(v)),
    z
      .number({ error: msg })
      .int({ error: msg })
      .min(1, { error: msg })
      .max(ID_MAX, { error: msg })
      .optional(),
  );
const flag = z.preprocess(
  (v) =>
    v === '1' || v === 1 || v === 'true'
      ? true
      : v === '0' || v === 0 || v === 'false' || v === ''
        ? false
        : v,
  z.boolean({ error: '参数错误' }),
);

export const shiftOpenBody = z.object({
  float_fen: fen('备用金须为0-100000元之间的金额', 0),
  request_id: requestId,
  remark,
});
export type ShiftOpenBody = z.infer<typeof shiftOpenBody>;

/** 存入 puts float into the drawer; 取出 takes float out; 支出 pays an expense from it. */
export const PETTY_TYPES = ['deposit', 'withdraw', 'expense'] as const;
export type PettyType = (typeof PETTY_TYPES)[number];
export const PETTY_TYPE_LABELS: Record<PettyType, string> = {
  deposit: '备用金存入',
  withdraw: '备用金取出',
  expense: '支出',
};
export const shiftPettyBody = z.object({
  type: z.enum(PETTY_TYPES, { error: '请选择类型' }),
  amount_fen: fen('金额须为0.01-100000元之间的金额', 1),
  reason: text('请填写原因（1-100个字符）', 1, 100),
  request_id: requestId,
});
export type ShiftPettyBody = z.infer<typeof shiftPettyBody>;

export const cashCountLine = z.object({
  face_fen: z.preprocess(numberFromForm, z.literal([...CASH_FACES_FEN], { error: '面额不正确' })),
  count: intField('点钞张数须为0-100000的整数，不能为负数', 0, 100000),
});
export type CashCountLine = z.infer<typeof cashCountLine>;
export const cashCount = jsonArray(cashCountLine, '请填写点钞明细').refine(
  (l) => new Set(l.map((x) => x.face_fen)).size === l.length,
  { error: '面额重复' },
);
export const countTotalFen = (l: readonly CashCountLine[]) => l.reduce((s, x) => s + x.face_fen * x.count, 0);

export const shiftHandoverBody = z.object({
  id: intField('参数错误', 1, ID_MAX),
  request_id: requestId,
  counts: cashCount,
  /** Required by the server when counted ≠ expected (长款/短款). */
  reason: optional(text('长短款原因最多100个字符', 1, 100)),
  /** Cash left in the drawer for the next shift (its float). */
  float_left_fen: fen('留存备用金须为0-100000元之间的金额', 0),
  /** The receiving cashier (a staff of the store or its owner); none: the store closes, no next shift. */
  next_cashier_id: optId('请选择接班人'),
  /** Move the shift's unpaid and in-preparation orders to the next shift instead of refusing. */
  carry_orders: flag.default(false),
  remark,
});
export type ShiftHandoverBody = z.infer<typeof shiftHandoverBody>;

/** The owner approves (or rejects) a handover's over/short when the store's rule asks for it. */
export const shiftApproveBody = z.object({
  id: intField('参数错误', 1, ID_MAX),
  approve: flag,
  remark,
});
export type ShiftApproveBody = z.infer<typeof shiftApproveBody>;

export const shiftIdQuery = z.object({ id: intField('参数错误', 1, ID_MAX) });

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const shiftSettingsBody = z.object({
  /** Automatic handover times, Asia/Shanghai, e.g. ["08:00","20:00"]; [] turns it off. */
  auto_times: jsonArray(
    z.string({ error: '交班时间格式为HH:mm' }).trim().regex(HHMM, { error: '交班时间格式为HH:mm' }),
    '交班时间格式为HH:mm',
  )
    .refine((l) => l.length <= 6, { error: '自动交班时间最多6个' })
    .refine((l) => new Set(l).size === l.length, { error: '交班时间重复' }),
  count_required: flag,
  approval: z.enum(APPROVAL_RULES, { error: '请选择长短款审批方式' }),
});
export type ShiftSettingsBody = z.infer<typeof shiftSettingsBody>;
export interface ShiftSettings extends ShiftSettingsBody {
  updated_by: string;
  updated_at: string | null;
}

/** One shift as lists, the current screen and the slip show it. */
export interface ShiftRow {
  id: number;
  shift_no: string;
  cashier_id: number;
  cashier_name: string;
  status: ShiftStatus;
  /** The automatic handover came while a count is required: 待点钞 until the cashier hands over. */
  handover_due: boolean;
  opened_how: string;
  opened_at: string;
  closed_at: string | null;
  closed_by: string;
  /** 'counter' handed over by the cashier, 'auto' by the automatic handover; '' while open. */
  closed_how: string;
  float_fen: number;
  expected_cash_fen: number | null;
  counted_cash_fen: number | null;
  over_short_fen: number | null;
  over_short_reason: string;
  float_left_fen: number | null;
  carried_orders: number;
  approval_status: ApprovalStatus;
  approved_by: string;
  prev_shift_id: number | null;
  next_shift_id: number | null;
  next_cashier_name: string;
  remark: string;
}

/** Money of a shift by kind and method: every figure a sum of its till_ledger rows. */
export interface ShiftCell {
  kind: TillKindValue;
  method: string;
  count: number;
  amount_fen: number;
}
export interface ShiftFigures {
  float_fen: number;
  cash_in_fen: number;
  /** Positive: cash that left the drawer. */
  cash_out_fen: number;
  /** float + cash in − cash out. */
  expected_cash_fen: number;
  by_kind: Record<TillKindValue, number>;
  /** Net of every kind per method (cash, member, scan ...). */
  by_method: Record<string, number>;
  cells: ShiftCell[];
}
export interface ShiftCurrent {
  shift: ShiftRow | null;
  figures: ShiftFigures | null;
  /** Orders of the shift still 待支付 or 制作中: handover refuses unless carried over. */
  open_orders: number;
  settings: ShiftSettings;
  /**
   * The shift's latest movements, newest first (at most CURRENT_MOVEMENTS; the slip lists them all).
   * The server always sends it; optional so screens written before it still type.
   */
  recent?: ShiftMovement[];
}
export const CURRENT_MOVEMENTS = 50;
export interface ShiftCashier {
  id: number;
  name: string;
  role: '店主' | '员工';
}
export interface ShiftMovement {
  id: number;
  kind: TillKindValue;
  method: string;
  amount_fen: number;
  order_id: number | null;
  ref_no: string;
  remark: string;
  user_name: string;
  at: string;
}
export interface ShiftDetail {
  shift: ShiftRow;
  figures: ShiftFigures;
  count_detail: CashCountLine[];
  movements: ShiftMovement[];
  /** Orders carried over to the next shift at handover (their ids). */
  carried_order_ids: number[];
}
export interface ShiftHandoverResult {
  shift: ShiftRow;
  next_shift: ShiftRow | null;
}
