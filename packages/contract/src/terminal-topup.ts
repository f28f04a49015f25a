import { z } from 'zod';
import { COUNTER_SCAN_MSG, COUNTER_SCAN_TYPES } from './counter-pay';
import { ID_MAX } from './validation/fields';
import { intField } from './validation/helpers';

/**
 * 扫码充值 from a PC (terminal API, decision 185): the member logged on at the machine tops up by scanning
 * a QR shown on the PC. The same intent and settlement as the counter's member_scan_topup (decision 169):
 * credited once, when the payment settles. Only the methods the store's 客户端 offers (payment_settings).
 */
export const TERMINAL_TOPUP_MSG = {
  notOffered: '本店客户端未启用该支付方式',
  noMember: '本机没有会员上机，不能充值',
  machine: '机器编号无效',
  machineNotFound: '机器不存在',
} as const;

export const terminalTopupBody = z.object({
  machine_id: intField(TERMINAL_TOPUP_MSG.machine, 1, ID_MAX),
  amount_fen: intField(COUNTER_SCAN_MSG.amount, 1, 10_000_000),
  pay_type: z.enum(COUNTER_SCAN_TYPES, { error: COUNTER_SCAN_MSG.payType }),
  request_id: z
    .string({ error: '缺少请求编号' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' }),
});
export type TerminalTopupBody = z.infer<typeof terminalTopupBody>;

export const terminalTopupStatusQuery = z.object({
  payment_no: z
    .string({ error: '支付单号不正确' })
    .trim()
    .regex(/^P\d{14}[0-9A-F]{8}$/, { error: '支付单号不正确' }),
});

/** waiting 等待付款, paid 已到账, closed 已关闭 (cancelled, expired unpaid, or refunded). */
export type TerminalTopupStatus = 'waiting' | 'paid' | 'closed';

/** What the PC shows: the QR (pay URL) while waiting, the member's balance once paid. */
export interface TerminalTopupRow {
  payment_no: string;
  amount_fen: number;
  pay_type: (typeof COUNTER_SCAN_TYPES)[number];
  status: TerminalTopupStatus;
  status_label: string;
  /** The sandbox's pay page URL, or the acquirer's code: what the PC shows as a QR. */
  pay_url: string;
  expires_at: string;
  /** Once paid: the member's 本金 and 奖励 after the top-up (null while waiting or closed). */
  principal_fen: number | null;
  bonus_fen: number | null;
}

export const TERMINAL_TOPUP_STATUS_LABELS: Record<TerminalTopupStatus, string> = {
  waiting: '等待付款',
  paid: '充值成功',
  closed: '已关闭',
};
