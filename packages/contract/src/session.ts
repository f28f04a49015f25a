import { z } from 'zod';
import { isCalendarDate } from './agent';
import type { RateRules } from './billing-engine';
import { rateRulesFields, refuseOverlaps } from './billing-rules';
import { cursorField } from './stock';
import { ID_MAX, pageQuery } from './validation/fields';
import { emptyToUndefined, intField, numberFromForm, optional, text } from './validation/helpers';

/** Online sessions and rate plans (issue 12 item 6, decisions 115-117). */

export const END_REASONS = ['下机', '强制下机', '余额不足'] as const;
export type EndReason = (typeof END_REASONS)[number];
export const SESSION_SOURCES = ['console', 'terminal'] as const;
export type SessionSource = (typeof SESSION_SOURCES)[number];
export const SESSION_SOURCE_LABELS: Record<SessionSource, string> = { console: '收银台', terminal: '客户端' };
/** Minutes left at which the member's PC is warned. */
export const WARN_MINUTES = 10;

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
const boolFlag = z
  .preprocess(
    (v) =>
      v === undefined || v === ''
        ? true
        : v === '1' || v === 1 || v === true || v === 'true'
          ? true
          : v === '0' || v === 0 || v === false || v === 'false'
            ? false
            : v,
    z.boolean({ error: '参数错误' }),
  )
  .default(true);

export const ratePlanSaveBody = z
  .object({
    id: optId('参数错误'),
    name: text('方案名称为1-20个字符', 1, 20),
    /** Empty: every area of the store. */
    area_id: optId('区域不存在'),
    /** Empty: every member level. */
    level_id: optId('会员等级不存在'),
    enabled: boolFlag,
    ...rateRulesFields,
  })
  .superRefine(refuseOverlaps);
export type RatePlanSaveBody = z.infer<typeof ratePlanSaveBody>;

export interface RatePlanRow {
  id: number;
  name: string;
  area_id: number | null;
  area_name: string;
  level_id: number | null;
  level_name: string;
  enabled: boolean;
  rules: RateRules;
  updated_by: string;
  updated_at: string;
}

export const sessionIdBody = z.object({ id: intField('参数错误', 1, ID_MAX) });

export const sessionStartBody = z.object({
  member_id: intField('请选择会员', 1, ID_MAX),
  machine_id: intField('请选择机器', 1, ID_MAX),
});
export type SessionStartBody = z.infer<typeof sessionStartBody>;

export const openSessionQuery = pageQuery.extend({
  area_id: optId('参数错误'),
  keyword: optional(z.string().trim().max(30, { error: '关键字最多30个字符' })),
});
export type OpenSessionQuery = z.infer<typeof openSessionQuery>;

const dateText = optional(
  z
    .string({ error: '日期格式为YYYY-MM-DD' })
    .trim()
    .refine(isCalendarDate, { error: '日期格式为YYYY-MM-DD' }),
);
export const sessionHistoryQuery = pageQuery
  .extend({
    member_id: optId('参数错误'),
    machine_id: optId('参数错误'),
    end_reason: optional(z.enum(END_REASONS, { error: '下机方式不正确' })),
    start: dateText,
    end: dateText,
    /** Rows after this cursor (started_at desc, id desc) instead of the page's offset. */
    after: cursorField,
  })
  .refine((v) => !v.start || !v.end || v.start <= v.end, { error: '开始日期不能晚于结束日期' });
export type SessionHistoryQuery = z.infer<typeof sessionHistoryQuery>;

export interface SessionRow {
  id: number;
  member_id: number;
  member_name: string;
  card_mask: string;
  machine_id: number;
  machine_name: string;
  area_name: string;
  plan_name: string;
  source: SessionSource;
  started_at: string;
  ended_at: string | null;
  end_reason: EndReason | null;
  /** Billed minutes so far (open) or in all (ended). */
  minutes: number;
  charged_fen: number;
  started_by: string;
  ended_by: string;
}
export interface OpenSessionRow extends SessionRow {
  /** 本金 + 奖励 now. */
  balance_fen: number;
  /** Free online minutes the member still holds (used before money, decision 109). */
  free_minutes: number;
  /** Minutes the balance lasts at the plan's rates (capped at a day). */
  minutes_left: number;
}
export interface SessionEndResult {
  id: number;
  ended_at: string;
  end_reason: EndReason;
  minutes: number;
  charged_fen: number;
}
