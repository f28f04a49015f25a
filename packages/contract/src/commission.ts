import { z } from 'zod';
import { isCalendarDate } from './agent';
import { NETBAR_STAFF_ROLES } from './netbar-staff';
import { ID_MAX, pageQuery } from './validation/fields';
import { emptyToUndefined, intField, numberFromForm, optional, text } from './validation/helpers';

/**
 * Commission rules and staff performance (/NetbarStaffManage/staff_performance 246, decision 147). A rule
 * pays a role (staff.position) or one staff member a percentage of a basis (rate in basis points: 1% =
 * 100) or a fixed amount in fen per record, from a start day to an optional end day (Shanghai, inclusive).
 * Rules of the same target and kind never overlap; a person's rule beats their role's.
 */

/** The role names a rule may target: the staff list's four roles (staff.position, decision 145). */
export const COMMISSION_ROLES = NETBAR_STAFF_ROLES;
export type CommissionRole = (typeof COMMISSION_ROLES)[number];

export const COMMISSION_TARGETS = ['role', 'person'] as const;
export type CommissionTarget = (typeof COMMISSION_TARGETS)[number];
export const COMMISSION_TARGET_LABELS: Record<CommissionTarget, string> = {
  role: '按岗位',
  person: '按个人',
};

export const COMMISSION_KINDS = [
  'goods_pct',
  'desk_pct',
  'lease_pct',
  'topup_fixed',
  'new_member_fixed',
  'seat_delivery_fixed',
] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
export const COMMISSION_KIND_LABELS: Record<CommissionKind, string> = {
  goods_pct: '商品销售额比例',
  desk_pct: '桌台包间账单比例',
  lease_pct: '设备租赁费比例',
  topup_fixed: '每笔会员充值',
  new_member_fixed: '每个新会员',
  seat_delivery_fixed: '每单座位订单送达',
};
/** A percentage kind (rate_bp) rather than a fixed amount per record (amount_fen). */
export const isPercentKind = (k: CommissionKind) => k.endsWith('_pct');

/** 100% in basis points; the most a fixed commission per record may be (1,000 yuan). */
export const COMMISSION_RATE_MAX_BP = 10_000;
export const COMMISSION_AMOUNT_MAX_FEN = 100_000;
/** The longest period the performance reads at once. */
export const PERFORMANCE_MAX_DAYS = 366;

/** '5%' from 500 basis points, '12.5%' from 1250. */
export const bpToPercentText = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;

const DATE_MSG = '日期不存在或格式不正确（YYYY-MM-DD）';
const day = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing, abort: true })
    .refine(isCalendarDate, { error: DATE_MSG });
const id = (msg: string) => intField(msg, 1, ID_MAX);
const rateBp = z.preprocess(
  numberFromForm,
  z
    .number({ error: '提成比例须为数字' })
    .min(0, { error: '提成比例不能为负数', abort: true })
    .max(COMMISSION_RATE_MAX_BP, { error: '提成比例不能超过100%', abort: true })
    .int({ error: '提成比例最多两位小数' }),
);
const amountFen = z.preprocess(
  numberFromForm,
  z
    .number({ error: '提成金额须为数字' })
    .min(0, { error: '提成金额不能为负数', abort: true })
    .max(COMMISSION_AMOUNT_MAX_FEN, { error: '提成金额不能超过1000元', abort: true })
    .int({ error: '提成金额最多两位小数' }),
);

export const commissionRuleSaveBody = z
  .object({
    id: optional(id('参数错误')),
    target_type: z.enum(COMMISSION_TARGETS, { error: '请选择按岗位或按个人' }),
    role: optional(z.enum(COMMISSION_ROLES, { error: '请选择岗位' })),
    user_id: optional(id('请选择员工')),
    kind: z.enum(COMMISSION_KINDS, { error: '请选择提成方式' }),
    rate_bp: optional(rateBp),
    amount_fen: optional(amountFen),
    start_day: day('请选择生效日期'),
    end_day: optional(day('请选择截止日期')),
    remark: optional(text('备注最多100个字符', 1, 100)),
  })
  .superRefine((b, ctx) => {
    const need = (ok: boolean, message: string, path: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', message, path: [path] });
    };
    need(b.target_type !== 'role' || b.role !== undefined, '请选择岗位', 'role');
    need(b.target_type !== 'person' || b.user_id !== undefined, '请选择员工', 'user_id');
    if (isPercentKind(b.kind)) need(b.rate_bp !== undefined, '请填写提成比例', 'rate_bp');
    else need(b.amount_fen !== undefined, '请填写提成金额', 'amount_fen');
    need(!b.end_day || b.end_day >= b.start_day, '截止日期不能早于生效日期', 'end_day');
  });
export type CommissionRuleSaveBody = z.infer<typeof commissionRuleSaveBody>;

export const commissionRuleQuery = pageQuery.extend({
  kind: optional(z.enum(COMMISSION_KINDS, { error: '提成方式不正确' })),
  target_type: optional(z.enum(COMMISSION_TARGETS, { error: '参数错误' })),
});
export type CommissionRuleQuery = z.infer<typeof commissionRuleQuery>;

export interface CommissionRuleRow {
  id: number;
  target_type: CommissionTarget;
  role: CommissionRole | null;
  user_id: number | null;
  /** The staff member's name (person rules), '' for role rules. */
  user_name: string;
  kind: CommissionKind;
  rate_bp: number;
  amount_fen: number;
  start_day: string;
  end_day: string | null;
  remark: string;
  updated_by: string;
  updated_at: string;
}

/** The figures of the performance, each a basis or a count and the commission it earned. */
export const PERFORMANCE_FIGURES = [
  'goods',
  'desk',
  'lease',
  'topup',
  'new_member',
  'seat',
  'refund',
] as const;
export type PerformanceFigure = (typeof PERFORMANCE_FIGURES)[number];
export const PERFORMANCE_FIGURE_LABELS: Record<PerformanceFigure, string> = {
  goods: '商品销售',
  desk: '桌台包间',
  lease: '设备租赁',
  topup: '会员充值',
  new_member: '新会员',
  seat: '座位订单送达',
  refund: '退款冲减',
};
/** The rule kind a figure is paid by (a late refund takes back a goods commission). */
export const FIGURE_KIND: Record<PerformanceFigure, CommissionKind> = {
  goods: 'goods_pct',
  desk: 'desk_pct',
  lease: 'lease_pct',
  topup: 'topup_fixed',
  new_member: 'new_member_fixed',
  seat: 'seat_delivery_fixed',
  refund: 'goods_pct',
};

const optId = z.preprocess(
  (v) => numberFromForm(emptyToUndefined(v)),
  z
    .number({ error: '参数错误' })
    .int({ error: '参数错误' })
    .min(1, { error: '参数错误' })
    .max(ID_MAX)
    .optional(),
);
const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
const period = {
  start: day('请选择开始日期'),
  end: day('请选择结束日期'),
};
const periodChecks = <T extends z.ZodType<{ start: string; end: string }>>(s: T) =>
  s
    .refine((q) => q.start <= q.end, { error: '开始日期不能晚于结束日期' })
    .refine((q) => q.start > q.end || daysBetween(q.start, q.end) < PERFORMANCE_MAX_DAYS, {
      error: `查询区间最长${PERFORMANCE_MAX_DAYS}天`,
    });

export const performanceQuery = periodChecks(z.object({ ...period, user_id: optId }));
export type PerformanceQuery = z.infer<typeof performanceQuery>;

export const performanceRecordQuery = periodChecks(
  pageQuery.extend({
    ...period,
    user_id: id('请选择员工'),
    figure: z.enum(PERFORMANCE_FIGURES, { error: '请选择业绩项目' }),
  }),
);
export type PerformanceRecordQuery = z.infer<typeof performanceRecordQuery>;

export interface PerformanceFigures {
  goods_count: number;
  goods_fen: number;
  goods_commission_fen: number;
  desk_count: number;
  desk_fen: number;
  desk_commission_fen: number;
  lease_count: number;
  lease_fen: number;
  lease_commission_fen: number;
  topup_count: number;
  topup_fen: number;
  topup_commission_fen: number;
  new_member_count: number;
  new_member_commission_fen: number;
  seat_count: number;
  seat_commission_fen: number;
  /** Refunds in the period of orders paid before it: a negative basis and commission (退款冲减). */
  refund_count: number;
  refund_fen: number;
  refund_commission_fen: number;
  commission_fen: number;
}
export interface StaffPerformanceRow extends PerformanceFigures {
  user_id: number;
  name: string;
  role: string;
}
/** 退款冲减: a refund in the period of an order paid before it, named by its order number. */
export interface RefundOffsetLine {
  user_id: number;
  name: string;
  order_no: string;
  refund_no: string;
  paid_at: string;
  refunded_at: string;
  amount_fen: number;
  commission_fen: number;
}
export interface StaffPerformance {
  start: string;
  end: string;
  list: StaffPerformanceRow[];
  totals: PerformanceFigures;
  refund_lines: RefundOffsetLine[];
}

/** One record behind a figure: an order, a refund, a bill, a lease, a top-up, a new member, a delivery. */
export interface PerformanceRecord {
  /** Order, refund, session, lease or ledger number; a new member's masked card. */
  ref_no: string;
  /** The order a refund belongs to; '' otherwise. */
  order_no: string;
  at: string;
  /** Money the figure counts (negative for a refund); 0 for counts. */
  basis_fen: number;
  rule_id: number | null;
  /** '收银员 5%', '个人 每笔1.00元', or '无适用规则'. */
  rule_label: string;
  commission_fen: number;
}
export interface PerformanceRecordPage {
  list: PerformanceRecord[];
  page: number;
  page_size: number;
  count: number;
  totals: { basis_fen: number; commission_fen: number };
}
