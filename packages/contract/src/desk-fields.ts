import { z } from 'zod';
import { isCalendarDate } from './agent';
import { isDateTimeText } from './pricing';
import { ID_MAX, MOBILE_PATTERN } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/** Fields the desk schemas share (desk.ts, desk-order.ts); not exported by the contract index. */

export const REMARK_MAX = 100;
export const boolField = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: '参数错误' }),
);
export const optId = (msg = '参数错误') => optional(intField(msg, 1, ID_MAX));
export const requestId = text('请求编号为8-64位字母、数字、下划线或连字符', 8, 64, /^[A-Za-z0-9_-]+$/);
export const remark = optional(text(`备注最多${REMARK_MAX}个字符`, 1, REMARK_MAX));
export const customerName = optional(text('顾客姓名最多20个字符', 1, 20));
export const customerMobile = optional(text('手机号格式不正确', 11, 11, MOBILE_PATTERN));

/** 'YYYY-MM-DD HH:mm[:ss]' naming a real day and time (2026-02-30 10:00 is refused). */
export const dateTime = (msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .refine((s) => s.includes(' ') && isDateTimeText(s), { error: msg });
export const day = (msg: string) => z.string({ error: msg }).trim().refine(isCalendarDate, { error: msg });
