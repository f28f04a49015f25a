import { z } from 'zod';
import { fromShanghai, shanghaiClock, shanghaiDate } from './shanghai-time';
import { ID_MAX, idParam, pageQuery } from './validation/fields';
import { emptyToUndefined, intField, optional, plainString } from './validation/helpers';

/**
 * 短信营销 (message 10517, issue 17 part 4, decision 179). The text a member reads is the store's
 * signature 【店名】 followed by the campaign's content, which must carry 回T退订. Length rule (the usual
 * Chinese carrier rule): up to 70 characters is one segment; a longer text is sent as a long SMS in
 * segments of 67; at most 4 segments (268 characters, signature included).
 */
export const SMS_OPT_OUT_TEXT = '回T退订';
export const SMS_SINGLE_MAX = 70;
export const SMS_SEGMENT_LEN = 67;
export const SMS_MAX_SEGMENTS = 4;
export const SMS_MAX_CHARS = SMS_SEGMENT_LEN * SMS_MAX_SEGMENTS;
/** No sending 21:00-08:00 Asia/Shanghai: a send due then waits until 08:00. */
export const SMS_QUIET_FROM_MIN = 21 * 60;
export const SMS_QUIET_TO_MIN = 8 * 60;

export const SMS_MSG = {
  name: '请输入1-40个字的活动名称',
  content: '请输入短信内容',
  optOut: `短信内容必须包含退订提示“${SMS_OPT_OUT_TEXT}”`,
  tooLong: `短信过长：含签名最多${SMS_MAX_CHARS}个字（${SMS_MAX_SEGMENTS}条）`,
  audienceEmpty: '所选会员中没有可接收短信的会员',
  sendAt: '请选择正确的发送时间',
  past: '发送时间不能早于当前时间',
  balance: '余额范围不正确',
  notFound: '短信活动不存在',
  notDraft: '只有草稿状态的短信活动可以修改',
  cannotCancel: '短信活动已发送，不能取消',
  member: '会员不存在',
  mobile: '请输入正确的手机号',
} as const;

/** The text the member receives: signature then content. */
export const smsFullText = (storeName: string, content: string) => `【${storeName}】${content}`;

/** Characters (code points) and segments of a text; segments 0 when it is over the limit. */
export function smsSegments(text: string): { chars: number; segments: number; parts: string[] } {
  const cps = Array.from(text);
  const chars = cps.length;
  if (chars <= SMS_SINGLE_MAX) return { chars, segments: chars ? 1 : 0, parts: chars ? [text] : [] };
  const parts: string[] = [];
  for (let i = 0; i < chars; i += SMS_SEGMENT_LEN) parts.push(cps.slice(i, i + SMS_SEGMENT_LEN).join(''));
  return { chars, segments: chars > SMS_MAX_CHARS ? 0 : parts.length, parts };
}

/** Whether an instant falls in the quiet hours; if so, the 08:00 (Shanghai) that ends them. */
export function quietUntil(at: Date): Date | null {
  const { minute } = shanghaiClock(at);
  if (minute >= SMS_QUIET_TO_MIN && minute < SMS_QUIET_FROM_MIN) return null;
  const day = shanghaiDate(minute >= SMS_QUIET_FROM_MIN ? at.getTime() + 12 * 3600_000 : at);
  return fromShanghai(`${day} 08:00`);
}

const levelList = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() ? v.split(',') : []) : (v ?? [])),
  z.array(intField('会员等级不正确', 1, ID_MAX)).max(50, { error: '会员等级不正确' }),
);
const days = (msg: string) => optional(intField(msg, 1, 3650));
const fen = optional(intField(SMS_MSG.balance, 0, 10_000_000_000));

/** Member filters: levels, last visit (within N days, or not for N days), balance range (本金+赠送, fen). */
export const smsAudience = z
  .object({
    levels: levelList,
    visited_within_days: days('最近到店天数为1-3650'),
    absent_days: days('未到店天数为1-3650'),
    balance_min_fen: fen,
    balance_max_fen: fen,
  })
  .refine(
    (a) =>
      a.balance_min_fen === undefined ||
      a.balance_max_fen === undefined ||
      a.balance_min_fen <= a.balance_max_fen,
    { error: SMS_MSG.balance },
  );
export type SmsAudience = z.infer<typeof smsAudience>;

const sendAt = optional(
  z
    .string({ error: SMS_MSG.sendAt })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, { error: SMS_MSG.sendAt })
    .refine((v) => !Number.isNaN(fromShanghai(v).getTime()), { error: SMS_MSG.sendAt }),
);

export const smsCampaignSaveBody = z
  .object({
    id: optional(idParam),
    name: plainString(SMS_MSG.name).trim().min(1, { error: SMS_MSG.name }).max(40, { error: SMS_MSG.name }),
    content: plainString(SMS_MSG.content)
      .trim()
      .min(1, { error: SMS_MSG.content })
      .max(SMS_MAX_CHARS, { error: SMS_MSG.tooLong })
      .refine((c) => c.includes(SMS_OPT_OUT_TEXT), { error: SMS_MSG.optOut }),
    /** Empty: sent when 发送 is pressed; else scheduled for this Shanghai time. */
    send_at: sendAt,
  })
  .and(smsAudience);
export type SmsCampaignSaveBody = z.infer<typeof smsCampaignSaveBody>;

export const smsCampaignSendBody = z.object({
  id: idParam,
  request_id: z
    .string({ error: '缺少请求编号' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' }),
});
export const smsCampaignListQuery = pageQuery.extend({
  status: z.preprocess(
    emptyToUndefined,
    z.enum(['draft', 'scheduled', 'sending', 'done', 'cancelled']).optional(),
  ),
});
export const smsOptOutBody = z.object({ member_id: idParam });
/** A member's reply as the SMS gateway would forward it (T, TD, 退订 opt out). */
export const smsReplyBody = z.object({
  mobile: z
    .string({ error: SMS_MSG.mobile })
    .trim()
    .regex(/^1[3-9]\d{9}$/, { error: SMS_MSG.mobile }),
  text: plainString('请输入回复内容')
    .trim()
    .min(1, { error: '请输入回复内容' })
    .max(70, { error: '回复内容过长' }),
});
/**
 * The SMS provider's inbound webhook (`POST /sms/inbound`, decision 183): JSON `{mobile, text}` signed
 * like our outgoing webhook — `X-Timestamp`, `X-Nonce`, `X-Signature: hex(HMAC-SHA256(SMS_WEBHOOK_SECRET,
 * timestamp + "\n" + nonce + "\n" + body))`; a timestamp more than 5 minutes off is refused.
 */
export const SMS_INBOUND_MSG = {
  signature: '短信回复签名无效',
  body: '短信回复格式不正确：需要 JSON 格式的 mobile 和 text',
} as const;
export const SMS_INBOUND_SKEW_S = 300;
export const smsInboundBody = z.object({
  mobile: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^(\+?86)(?=1\d{10}$)/, '') : v),
    z.string({ error: SMS_MSG.mobile }).regex(/^1[3-9]\d{9}$/, { error: SMS_MSG.mobile }),
  ),
  text: smsReplyBody.shape.text,
});
export const isOptOutReply = (t: string) => /^(t|td|退订|n)$/i.test(t.trim());

export const SMS_STATUS_LABELS = {
  draft: '草稿',
  scheduled: '待发送',
  sending: '发送中',
  done: '已完成',
  cancelled: '已取消',
} as const;
export type SmsCampaignStatus = keyof typeof SMS_STATUS_LABELS;

export interface SmsEstimate {
  /** The signature's store name. */
  store_name: string;
  recipients: number;
  opted_out: number;
  no_mobile: number;
  chars: number;
  segments: number;
  price_fen: number;
  cost_fen: number;
}

export interface SmsCampaignRow {
  id: number;
  name: string;
  content: string;
  text: string;
  audience: SmsAudience;
  status: SmsCampaignStatus;
  send_at: string;
  segments: number;
  recipients: number;
  cost_fen: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  created_at: string;
  finished_at: string;
}
