import type { EngineKind, PrizeKind } from '@netbar/contract';

/** The 新建 dialog's default prizes per kind, and the envelope's release times parsed. */
export interface PrizeField {
  name: string;
  kind: PrizeKind;
  amount: number;
  cost_yuan: number;
  quantity: number;
  odds?: number;
  streak_day?: number;
  amount_max?: number;
  /** 优惠券 prize (decision 186): the template it issues. */
  coupon_template_id?: number;
}

const SIGN_PRIZES: PrizeField[] = [
  { name: '签到积分', kind: 'points', amount: 5, cost_yuan: 0.01, quantity: 3000, streak_day: 1 },
  { name: '连签三天奖励', kind: 'bonus', amount: 100, cost_yuan: 1, quantity: 300, streak_day: 3 },
  { name: '连签七天奖励', kind: 'bonus', amount: 500, cost_yuan: 5, quantity: 100, streak_day: 7 },
];
const BOX_PRIZES: PrizeField[] = [
  { name: '一元奖励', kind: 'bonus', amount: 100, cost_yuan: 1, quantity: 300, odds: 60 },
  { name: '一小时上网', kind: 'minutes', amount: 60, cost_yuan: 3, quantity: 100, odds: 30 },
  { name: '十元奖励', kind: 'bonus', amount: 1000, cost_yuan: 10, quantity: 20, odds: 10 },
];
export const GIFT_PRIZES: PrizeField[] = [
  { name: '新人礼包五元', kind: 'bonus', amount: 500, cost_yuan: 5, quantity: 500 },
];
const ENVELOPE_PRIZES: PrizeField[] = [
  { name: '红包', kind: 'bonus', amount: 10, amount_max: 500, cost_yuan: 0.1, quantity: 100 },
];
const DRAW_PRIZES: PrizeField[] = [
  { name: '五十积分', kind: 'points', amount: 50, cost_yuan: 0.05, quantity: 500, odds: 70 },
  { name: '一元奖励', kind: 'bonus', amount: 100, cost_yuan: 1, quantity: 200, odds: 25 },
  { name: '一小时上网', kind: 'minutes', amount: 60, cost_yuan: 3, quantity: 50, odds: 5 },
];
export const DEFAULT_PRIZES: Partial<Record<EngineKind, PrizeField[]>> = {
  sign: SIGN_PRIZES,
  blind_box: BOX_PRIZES,
  gift_code: GIFT_PRIZES,
  red_envelope: ENVELOPE_PRIZES,
  cashier_draw: DRAW_PRIZES,
};
/** "20:00-20:10, 12:00-12:05" → daily windows (the envelope's release times). */
export const windowsOf = (v?: string) =>
  (v ?? '')
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map((w) => {
      const [from, to] = w.split('-');
      return { from, to };
    });
