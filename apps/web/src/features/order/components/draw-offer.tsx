import { GiftOutlined } from '@ant-design/icons';
import { type ClaimResult, fenToYuan, type PrizeKind } from '@netbar/contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useDrawForOrder } from '../api/order-mutations';
import { useDrawOffer } from '../api/order-queries';

const WHAT: Record<PrizeKind, (n: number) => string> = {
  bonus: (n) => `${fenToYuan(n)}元奖励金`,
  points: (n) => `${n}积分`,
  minutes: (n) => `${n}分钟上网时长`,
  goods: (n) => `${n}件`,
  coupon: (n) => `${n}张优惠券`,
};
const prizeText = (r: ClaimResult) =>
  r.prize_kind ? `${r.prize_name}（${WHAT[r.prize_kind](r.amount)}）` : r.prize_name;

/**
 * 收银抽奖 after payment (decision 177): when the paid member order reaches a running draw's threshold, the
 * cashier offers 「抽奖」 to the member; the server draws once per order (CSPRNG, recorded) and pays the
 * prize to the member's card. Nothing shows for an order without a member or below every threshold.
 */
export function DrawOffer({ orderNo, member }: { orderNo: string; member: boolean }) {
  const offer = useDrawOffer(orderNo, member);
  const [won, setWon] = useState<ClaimResult | null>(null);
  const draw = useDrawForOrder(orderNo, { onSuccess: setWon });
  if (won)
    return (
      <Alert
        type="success"
        showIcon
        icon={<GiftOutlined />}
        title={`恭喜会员抽中：${prizeText(won)}`}
        description="奖品已发放到会员卡"
        style={{ marginBottom: 8 }}
      />
    );
  const o = offer.data;
  if (!member || !o?.activity_id) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<GiftOutlined />}
      title={`本单满 ¥${fenToYuan(o.threshold_fen)}，会员可参加「${o.name}」`}
      description="请会员确认后抽奖，每单限抽一次"
      style={{ marginBottom: 8 }}
      action={
        <Button type="primary" danger loading={draw.isPending} onClick={() => draw.mutate(orderNo)}>
          抽奖
        </Button>
      }
    />
  );
}
