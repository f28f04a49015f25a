import { z } from 'zod';
import { isCalendarDate } from './agent';
import { scopeModeEnum, scopeRuleEnum } from './enum-schemas';
import type { ScopeModeValue, ScopeRuleValue } from './enums';
import { fenField, jsonArray } from './goods';
import { ID_MAX } from './validation/fields';
import { emptyToUndefined, intField, numberFromForm, optional, text } from './validation/helpers';

/** Sales plans (goods_sales_plan, 213) and promotions (commodity_promotion, 202): their forms and rows. */

const optId = z.preprocess(
  (v) => numberFromForm(emptyToUndefined(v)),
  z
    .number({ error: '参数错误' })
    .int({ error: '参数错误' })
    .min(1, { error: '参数错误' })
    .max(ID_MAX, { error: '参数错误' })
    .optional(),
);
const ids = (msg: string) =>
  jsonArray(
    z.number({ error: msg }).int({ error: msg }).min(1, { error: msg }).max(ID_MAX, { error: msg }),
    msg,
  ).default([]);

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' naming a real day and a real time of day. */
export function isDateTimeText(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (!m || !isCalendarDate(m[1]!)) return false;
  return Number(m[2] ?? 0) <= 23 && Number(m[3] ?? 0) <= 59 && Number(m[4] ?? 0) <= 59;
}
const dateTimeText = (msg: string) => z.string({ error: msg }).refine(isDateTimeText, { error: msg });

export interface Scope {
  scope_mode: ScopeModeValue;
  scope_rule: ScopeRuleValue;
  goods_ids: number[];
  category_ids: number[];
}
const scopeFields = {
  scope_mode: scopeModeEnum.default('ordinary'),
  scope_rule: scopeRuleEnum.default('apply'),
  goods_ids: ids('请选择商品'),
  category_ids: ids('请选择分类'),
};
const customNeedsTargets = (v: Scope) =>
  v.scope_mode === 'ordinary' || v.goods_ids.length + v.category_ids.length > 0;

export const PLAN_ACTIONS = ['rate', 'unavailable'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];
export const PLAN_ACTION_LABELS: Record<PlanAction, string> = {
  rate: '按折扣价销售',
  unavailable: '停止销售',
};
export const WEEKDAY_LABELS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

export const planSaveBody = z
  .object({
    id: optId,
    name: text('计划名称为1-30个字符', 1, 30),
    weekdays: jsonArray(z.number().int().min(0).max(6), '请选择星期').refine(
      (a) => a.length >= 1 && new Set(a).size === a.length,
      { error: '请选择星期' },
    ),
    start_minute: intField('开始时间不正确', 0, 1439),
    end_minute: intField('结束时间不正确', 1, 1440),
    action: z.enum(PLAN_ACTIONS, { error: '请选择计划方式' }),
    rate: z.preprocess(
      (v) => numberFromForm(emptyToUndefined(v)),
      z
        .number({ error: '折扣须为1-100的整数' })
        .int({ error: '折扣须为1-100的整数' })
        .min(1, { error: '折扣须为1-100的整数' })
        .max(100, { error: '折扣须为1-100的整数' })
        .default(100),
    ),
    enabled: z
      .preprocess(
        (v) =>
          v === '0' || v === 0 || v === false
            ? false
            : v === undefined
              ? true
              : v === '1' || v === 1 || v === true,
        z.boolean(),
      )
      .default(true),
    ...scopeFields,
  })
  .refine((v) => v.end_minute > v.start_minute, { error: '结束时间须晚于开始时间' })
  .refine(customNeedsTargets, { error: '自定义范围请选择商品或分类' });
export type PlanSaveBody = z.infer<typeof planSaveBody>;
export interface SalesPlan extends Scope {
  id: number;
  name: string;
  weekdays: number[];
  start_minute: number;
  end_minute: number;
  action: PlanAction;
  rate: number;
  enabled: boolean;
}

export const PROMO_KINDS = ['discount', 'fixed', 'buy_get', 'bundle'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
export const PROMO_KIND_LABELS: Record<PromoKind, string> = {
  discount: '折扣',
  fixed: '一口价',
  buy_get: '买赠',
  bundle: '组合价',
};

export const promoSaveBody = z
  .object({
    id: optId,
    name: text('活动名称为1-30个字符', 1, 30),
    kind: z.enum(PROMO_KINDS, { error: '请选择促销方式' }),
    start_at: dateTimeText('请选择活动时间'),
    end_at: dateTimeText('请选择活动时间'),
    rate: z.preprocess(
      (v) => numberFromForm(emptyToUndefined(v)),
      z
        .number()
        .int()
        .min(1, { error: '折扣须为1-99的整数' })
        .max(99, { error: '折扣须为1-99的整数' })
        .default(100),
    ),
    price_fen: optional(fenField('活动价')),
    buy_n: optional(intField('买赠数量须为1-99的整数', 1, 99)),
    get_m: optional(intField('买赠数量须为1-99的整数', 1, 99)),
    bundle_qty: optional(intField('组合件数须为2-99的整数', 2, 99)),
    enabled: z
      .preprocess(
        (v) =>
          v === '0' || v === 0 || v === false
            ? false
            : v === undefined
              ? true
              : v === '1' || v === 1 || v === true,
        z.boolean(),
      )
      .default(true),
    ...scopeFields,
  })
  .refine((v) => v.end_at > v.start_at, { error: '结束时间须晚于开始时间' })
  .refine((v) => v.kind !== 'discount' || v.rate < 100, { error: '折扣须为1-99的整数' })
  .refine((v) => v.kind !== 'fixed' || v.price_fen !== undefined, { error: '请输入活动价' })
  .refine((v) => v.kind !== 'buy_get' || (v.buy_n !== undefined && v.get_m !== undefined), {
    error: '请输入买赠数量',
  })
  .refine((v) => v.kind !== 'bundle' || (v.bundle_qty !== undefined && v.price_fen !== undefined), {
    error: '请输入组合件数和组合价',
  })
  .refine(customNeedsTargets, { error: '自定义范围请选择商品或分类' });
export type PromoSaveBody = z.infer<typeof promoSaveBody>;
export interface Promotion extends Scope {
  id: number;
  name: string;
  kind: PromoKind;
  /** epoch milliseconds, [start, end) */
  start_ms: number;
  end_ms: number;
  rate: number;
  price_fen: number;
  buy_n: number;
  get_m: number;
  bundle_qty: number;
  enabled: boolean;
}

export const quoteBody = z.object({
  at: optional(z.string().refine((v) => v.includes(' ') && isDateTimeText(v), { error: '时间格式不正确' })),
  /** Price as for a member ('1') or a walk-in ('0'), when no member_id is given. */
  member: optional(z.enum(['0', '1'])),
  /** Price for this member: 会员价 as its level's 享受会员价 says, as the order will (decision 188). */
  member_id: optional(intField('会员参数错误', 1, ID_MAX)),
  lines: jsonArray(
    z.object({
      sku_id: intField('请选择商品', 1, ID_MAX),
      qty: intField('数量须为1-999的整数', 1, 999),
    }),
    '请选择商品',
  ).refine((a) => a.length >= 1 && a.length <= 200, { error: '商品为1-200行' }),
});
