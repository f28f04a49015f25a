import type { BroadcastEvent } from '@netbar/contract';

/** What 试听 fills the variables with: a plausible announcement of each event. */
export const SAMPLE_VARS: Record<BroadcastEvent, Record<string, string>> = {
  seat_order: { 机器号: 'A01', 会员名: '张**', 商品: '可乐1份、泡面1份', 金额: '8.50元' },
  service_call: { 机器号: 'A01', 会员名: '张**', 内容: '呼叫网管' },
  balance_low: { 机器号: 'A01', 会员名: '张**', 剩余分钟: '10' },
  birthday: { 机器号: 'A01', 会员名: '张**' },
  draw_winner: { 机器号: '', 会员名: '张**', 活动名: '周末直播抽奖', 奖品: '10元网费' },
};
