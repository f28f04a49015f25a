import { z } from 'zod';
import { isCalendarDate } from './agent';
import { AGREEMENT_SLUGS, type AgreementSlug } from './agreement-slugs';
import { MSG } from './messages';
import { cursorField } from './stock';
import { intWithDefault, optional } from './validation/helpers';

/** A real calendar day (2024-02-30 is refused with the same message as a malformed one). */
const date = optional(
  z.string({ error: '日期格式不正确' }).refine(isCalendarDate, { error: '日期格式不正确' }),
);

/** Filters of the operation log (get_operate_log, get_admin_log and their exports). */
export const oplogQuery = z
  .object({
    page: intWithDefault(MSG.badParam, 1, Number.MAX_SAFE_INTEGER, 1),
    page_size: intWithDefault(MSG.badParam, 1, 100, 10),
    start_date: date,
    end_date: date,
    action: optional(z.string().trim().max(60, { error: '操作内容最多60个字符' })),
    result: optional(z.enum(['success', 'failure'], { error: '操作结果不正确' })),
    user_name: optional(z.string().trim().max(30, { error: MSG.account })),
    /** Keyset cursor: rows after the previous answer's `next` (decision 060). */
    after: cursorField,
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    error: '开始日期不能晚于结束日期',
  });
export type OplogQuery = z.infer<typeof oplogQuery>;

export interface OplogRow {
  id: number;
  at: number;
  user_name: string;
  user_type: number | null;
  agent_id: number | null;
  netbar_id: number | null;
  ip: string;
  action: string;
  target: string;
  result: 'success' | 'failure';
  detail: string;
}

export const OPLOG_RESULT_LABELS = { success: '成功', failure: '失败' } as const;

/** Outbox (消息发送记录) and agreements admin. */
export const outboxQuery = z.object({
  page: intWithDefault(MSG.badParam, 1, Number.MAX_SAFE_INTEGER, 1),
  page_size: intWithDefault(MSG.badParam, 1, 100, 10),
  channel: optional(z.enum(['sms', 'email'], { error: '渠道不正确' })),
  to: optional(z.string().trim().max(100)),
});
export interface OutboxRow {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  purpose: string;
  subject: string;
  content: string;
  status: 'outbox' | 'sent' | 'failed';
  error: string;
  created_at: number;
}
export const OUTBOX_STATUS_LABELS = {
  outbox: '未发送（未配置服务商）',
  sent: '已发送',
  failed: '发送失败',
} as const;

export const agreementSlug = z.enum(AGREEMENT_SLUGS, { error: '协议不存在' });
export const agreementQuery = z.object({ slug: agreementSlug });
export const agreementSaveBody = z.object({
  slug: agreementSlug,
  title: z
    .string({ error: '请输入协议标题' })
    .trim()
    .min(1, { error: '请输入协议标题' })
    .max(60, { error: '协议标题最多60个字符' }),
  content: z
    .string({ error: '请输入协议内容' })
    .trim()
    .min(20, { error: '协议内容至少20个字符' })
    .max(50000, { error: '协议内容最多50000个字符' }),
  version: z
    .string({ error: '请输入版本号' })
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,20}$/, { error: '版本号为1-20位字母、数字、点或横线' }),
  effective_date: z
    .string({ error: '请选择生效日期' })
    .min(1, { error: '请选择生效日期' })
    .refine(isCalendarDate, { error: '生效日期不是有效的日期' }),
});
export type AgreementSaveBody = z.infer<typeof agreementSaveBody>;
export interface AgreementView {
  id: number;
  slug: AgreementSlug;
  title: string;
  content: string;
  version: string;
  effective_date: string;
  status: 'draft' | 'published' | 'archived';
  published_at: number | null;
  updated_at: number;
}
