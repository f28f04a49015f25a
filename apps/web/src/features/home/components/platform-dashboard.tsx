import { fenToYuan, type HomePlatformDashboard } from '@netbar/contract';
import { Card, Row, Typography } from 'antd';
import { FigureCard } from './trend';

/** The administrator's home: platform activity today against the same weekday last week up to this time. */
export function PlatformDashboard({ data }: { data: HomePlatformDashboard }) {
  const { today: t, last_week: w, machines: m } = data;
  return (
    <Card
      title="平台概况 · 今日"
      extra={
        <Typography.Text type="secondary">对比上周同日截至 {data.compare_until.slice(11)}</Typography.Text>
      }
    >
      {/* 网吧数 and 代理商数 are the account cards' below (home_stats): each figure once */}
      <Row gutter={[12, 12]}>
        <FigureCard
          id="active_netbars"
          title="今日活跃网吧"
          value={t.active_netbars}
          suffix="家"
          compare={{ now: t.active_netbars, before: w.active_netbars, shown: w.active_netbars }}
        />
        <FigureCard
          id="machines"
          title="在线机器 / 已添加"
          value={`${m.online} / ${m.total}`}
          extra={<Typography.Text type="secondary">上机中 {m.in_use} 台</Typography.Text>}
        />
        <FigureCard
          id="revenue"
          title="今日营业收入(元)"
          value={fenToYuan(t.revenue_fen)}
          compare={{ now: t.revenue_fen, before: w.revenue_fen, shown: `¥${fenToYuan(w.revenue_fen)}` }}
        />
        <FigureCard
          id="topup"
          title="今日充值本金(元)"
          value={fenToYuan(t.topup_fen)}
          compare={{ now: t.topup_fen, before: w.topup_fen, shown: `¥${fenToYuan(w.topup_fen)}` }}
        />
        <FigureCard
          id="orders"
          title="今日订单数"
          value={t.orders}
          compare={{ now: t.orders, before: w.orders, shown: w.orders }}
        />
      </Row>
    </Card>
  );
}
