import { z } from 'zod';
import { ID_MAX } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/** The limits and form fields the member schemas share (member.ts, member-level.ts). */

/** One top-up, one correction, one consumption: at most 100,000 yuan. */
export const MEMBER_AMOUNT_MAX_FEN = 10_000_000;
/** A balance may never grow beyond this (fen): far above any card, far below float precision. */
export const MEMBER_BALANCE_MAX_FEN = 100_000_000_000;
export const MEMBER_POINTS_MAX = 1_000_000_000;
/** Free online minutes a card may hold (about 19 years of play). */
export const MEMBER_MINUTES_MAX = 10_000_000;
/** One correction moves at most this many free minutes either way (about 69 days of play). */
export const MEMBER_CORRECT_MINUTES_MAX = 100_000;

export const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });
export const id = (msg: string) => intField(msg, 1, ID_MAX);
export const amount = (label: string) =>
  intField(`${label}须为0.01-100000元之间的金额`, 1, MEMBER_AMOUNT_MAX_FEN);
export const reason = text('请填写原因（1-100个字符）', 1, 100);
export const remark = optional(text('备注最多200个字符', 1, 200));
export const dateText = optional(
  z
    .string({ error: '日期格式为YYYY-MM-DD' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式为YYYY-MM-DD' }),
);
