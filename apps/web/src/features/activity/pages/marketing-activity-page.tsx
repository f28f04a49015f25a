import { fenToYuan, PROMO_MODE_LABELS, type PromoMode } from '@netbar/contract';
import { Button, Space, Typography } from 'antd';
import { useModeState } from '../../../components/use-mode-form';
import { fetchPromotions, type KindActivityRow } from '../api/activity-api';
import { ActivityTable } from '../components/activity-table';
import { PromotionForm } from '../components/promotion-form';

/** 100.00 → 100, 20.50 stays. */
const short = (fen: number) => fenToYuan(fen).replace(/\.00$/, '');

/** The tiers of a promotion, lowest first: 充100送20 (已赠 12/100). */
function Tiers({ r }: { r: KindActivityRow }) {
  return (
    <Space direction="vertical" size={0}>
      {r.prizes.map((p) => {
        const min = r.tiers.find((t) => t.prize_id === p.id)?.min_topup_fen ?? 0;
        return (
          <Typography.Text key={p.id} style={{ fontSize: 12 }}>
            充{short(min)}送{short(p.amount)}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {' '}
              已赠 {p.issued}/{p.quantity}
            </Typography.Text>
          </Typography.Text>
        );
      })}
    </Space>
  );
}

/**
 * 营销活动 (/application_manage/marketing_activity_list 10515, decision 178): top-up promotions — 充值满送
 * tiers, 首充 and 生日 — with their state, the bonuses paid (times and members) and the budget spent;
 * 新建, 编辑 (a draft), 发布/暂停/恢复/结束 and 参与记录 (the engine's).
 */
export default function MarketingActivityPage() {
  const dialog = useModeState<KindActivityRow>();
  return (
    <>
      <ActivityTable<KindActivityRow>
        kind="topup_promo"
        fetcher={fetchPromotions}
        toolbar={
          <Button type="primary" onClick={dialog.add}>
            新建营销活动
          </Button>
        }
        adjustColumns={(cols) =>
          cols.flatMap((c) =>
            c.key === 'issued'
              ? [
                  {
                    title: '活动方式',
                    key: 'mode',
                    width: 90,
                    render: (_: unknown, r: KindActivityRow) =>
                      PROMO_MODE_LABELS[r.promo_mode as PromoMode] ?? r.promo_mode,
                  },
                  {
                    title: '充值档位',
                    key: 'issued',
                    width: 190,
                    render: (_: unknown, r: KindActivityRow) => <Tiers r={r} />,
                  },
                ]
              : c.key === 'budget'
                ? [{ ...c, title: '预算/已赠送(元)' }]
                : c.title === '参与次数'
                  ? [{ ...c, title: '赠送次数' }]
                  : c.title === '参与人数'
                    ? [{ ...c, title: '赠送人数' }]
                    : [c],
          )
        }
        extraOps={(r) =>
          r.state === 'draft' ? (
            <Button type="link" size="small" onClick={() => dialog.edit(r)}>
              编辑
            </Button>
          ) : null
        }
      />
      <PromotionForm state={dialog.state} onClose={dialog.close} />
    </>
  );
}
