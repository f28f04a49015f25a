import type { MerchantStatus } from '@netbar/contract';

/**
 * WeChat's real-name state, a sandbox answer behind one function until the payment module's provider layer
 * has a WeChat merchant API (收钱吧 comes from the payment module's `sqbAdapter`).
 */

export const WX_STATES = {
  none: '未提交',
  auditing: '审核中',
  waiting: '待确认（请法人微信扫码确认）',
  authorized: '已认证',
} as const;
export type WxState = keyof typeof WX_STATES;

/** WeChat's real-name (实名认证) state of the merchant: follows our review in the sandbox. */
export function wxRealNameState(status: MerchantStatus): WxState {
  if (status === 4) return 'authorized';
  if (status === 3) return 'waiting';
  if (status === 1) return 'auditing';
  return 'none';
}
