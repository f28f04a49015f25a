import { z } from 'zod';
import { isCalendarDate } from './agent';
import { SHIFT_FLOAT_MAX_FEN } from './shift';
import { ID_MAX, idParam, pageQuery } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/**
 * Tips (打赏, issue 14 item 3, decision 148): a member tips a staff member of the store from 本金, at a
 * PC (the terminal API) or at the counter; each tip is a row of the staff tip ledger, and the owner (or
 * whoever holds 打赏发放 2741) pays the unpaid tips out in cash from a shift (a 支出 「打赏发放」 in the
 * till), a payout row of the same ledger. A staff member's unpaid balance is the ledger's sum.
 */

export const TIP_SOURCES = ['terminal', 'counter'] as const;
export type TipSource = (typeof TIP_SOURCES)[number];
export const TIP_SOURCE_LABELS: Record<TipSource, string> = { terminal: '客户机', counter: '柜台' };

export const TIP_KINDS = ['tip', 'payout'] as const;
export type TipKind = (typeof TIP_KINDS)[number];
export const TIP_KIND_LABELS: Record<TipKind, string> = { tip: '打赏', payout: '发放' };

/** A tip's share of the staff member's payouts, oldest tips paid first. */
export const TIP_PAID_STATUSES = ['unpaid', 'partial', 'paid'] as const;
export type TipPaidStatus = (typeof TIP_PAID_STATUSES)[number];
export const TIP_PAID_LABELS: Record<TipPaidStatus, string> = {
  unpaid: '未发放',
  partial: '部分发放',
  paid: '已发放',
};

/** One tip is at most 1,000 元; a payout at most what a drawer may hold (SHIFT_FLOAT_MAX_FEN). */
export const TIP_MAX_FEN = 100_000;
/** The reason of the till's 支出 row a payout writes. */
export const TIP_PAYOUT_REASON = '打赏发放';

export const TIP_MSG = {
  amount: '打赏金额须为0.01-1000元之间的金额',
  payoutAmount: '发放金额须为0.01-100000元之间的金额',
  staff: '请选择员工',
  staffNotFound: '员工不存在',
  staffDisabled: '该员工已停用，不能打赏',
  member: '请选择会员',
  noMember: '本机没有会员上机，不能打赏',
  overUnpaid: '发放金额超过该员工未发放的打赏',
  drawerShort: '钱箱现金不足，不能发放',
  requestUsed: '请求编号已被使用',
} as const;

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });
const remark = optional(text('备注最多50个字符', 1, 50));
const tipAmount = intField(TIP_MSG.amount, 1, TIP_MAX_FEN);
const staffId = intField(TIP_MSG.staff, 1, ID_MAX);

/** 打赏 at the counter: a member of the store (card or mobile looked up) tips a staff member. */
export const tipCounterBody = z.object({
  member_id: intField(TIP_MSG.member, 1, ID_MAX),
  staff_id: staffId,
  amount_fen: tipAmount,
  request_id: requestId,
  remark,
});
export type TipCounterBody = z.infer<typeof tipCounterBody>;

/** 打赏 from a PC: the member logged on at that machine tips a staff member (terminal API). */
export const terminalTipBody = z.object({
  machine_id: intField('机器编号无效', 1, ID_MAX),
  staff_id: staffId,
  amount_fen: tipAmount,
  request_id: requestId,
  remark,
});
export type TerminalTipBody = z.infer<typeof terminalTipBody>;

/** 打赏发放: cash out of the caller's shift to a staff member, at most their unpaid tips. */
export const tipPayoutBody = z.object({
  staff_id: staffId,
  amount_fen: intField(TIP_MSG.payoutAmount, 1, SHIFT_FLOAT_MAX_FEN),
  request_id: requestId,
  remark,
});
export type TipPayoutBody = z.infer<typeof tipPayoutBody>;

const day = optional(
  z
    .string({ error: '日期不存在或格式不正确（YYYY-MM-DD）' })
    .trim()
    .refine(isCalendarDate, { error: '日期不存在或格式不正确（YYYY-MM-DD）' }),
);
export const tipListQuery = pageQuery
  .extend({
    /** Shanghai days, inclusive. */
    start: day,
    end: day,
    kind: z.preprocess(
      (v) => (v === '' || v == null ? 'tip' : v),
      z.enum(TIP_KINDS, { error: '记录类型不正确' }),
    ),
    staff_id: optional(idParam),
    /** Member name or mobile (part of it). */
    member: optional(z.string({ error: '参数错误' }).trim().max(30, { error: '会员关键字最多30个字符' })),
    source: optional(z.enum(TIP_SOURCES, { error: '来源不正确' })),
    paid: optional(z.enum(TIP_PAID_STATUSES, { error: '发放状态不正确' })),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { error: '开始日期不能晚于结束日期' });
export type TipListQuery = z.infer<typeof tipListQuery>;

/** A tip or payout row as the record list shows it. */
export interface TipRow {
  id: number;
  ref_no: string;
  kind: TipKind;
  source: TipSource | '';
  staff_id: number;
  staff_name: string;
  member_id: number | null;
  member_name: string;
  machine_name: string;
  /** Positive for a tip, negative for a payout. */
  amount_fen: number;
  /** A tip: how much of it the payouts cover (oldest first); a payout: 0. */
  paid_fen: number;
  paid_status: TipPaidStatus | '';
  shift_no: string;
  user_name: string;
  remark: string;
  at: string;
}

export interface TipTotals {
  amount_fen: number;
  paid_fen: number;
}

export interface TipListAnswer {
  list: TipRow[];
  page: number;
  page_size: number;
  count: number;
  totals: TipTotals;
}

/** A staff member's tips in this store: received, paid out, unpaid (= the ledger's sum). */
export interface TipUnpaidRow {
  staff_id: number;
  staff_name: string;
  position: string;
  tips: number;
  tipped_fen: number;
  paid_fen: number;
  unpaid_fen: number;
}

/** Staff a member may tip (the store's active type-5 staff). */
export interface TipStaffOption {
  id: number;
  name: string;
  position: string;
}

export interface TipResult {
  tip: TipRow;
  replay: boolean;
  /** The member's 本金 after the tip (a replay reads the tip's row). */
  principal_after: number;
}

export interface TipPayoutResult {
  payout: TipRow;
  replay: boolean;
  unpaid_fen: number;
}
