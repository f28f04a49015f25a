import { fenToYuan, type HomeStoreDashboard } from '@netbar/contract';
import { Card, Row, Typography } from 'antd';
import { FigureCard } from './trend';

const SOURCES = [
  ['online_fen', '上网费'],
  ['goods_fen', '商品'],
  ['desk_fen', '包间桌台'],
  ['lease_fen', '租赁'],
] as const;

/** The store home: today's business day so far against the same weekday last week up to this time, and the machines now. */
export function StoreDashboard({ data }: { data: HomeStoreDashboard }) {
  const { today: t, last_week: w, machines: m } = data;
  const scope = data.stores.length > 1 ? `全部门店（${data.stores.length}家）` : (data.stores[0]?.name ?? '');
  const yuan = (now: number, before: number) => ({ now, before, shown: `¥${fenToYuan(before)}` });
  const count = (now: number, before: number) => ({ now, before, shown: before });
  return (
    <Card
      title={`今日经营 · ${scope}`}
      extra={
        <Typography.Text type="secondary">
          营业日 {data.day}，对比上周同日 {data.compare_day} 截至 {data.compare_until.slice(11)}
        </Typography.Text>
      }
    >
      <Row gutter={[12, 12]}>
        <FigureCard
          id="revenue"
          title="营业收入(元)"
          value={fenToYuan(t.revenue_fen)}
          compare={yuan(t.revenue_fen, w.revenue_fen)}
        />
        {SOURCES.map(([k, title]) => (
          <FigureCard
            key={k}
            id={k}
            title={`${title}(元)`}
            value={fenToYuan(t[k])}
            compare={yuan(t[k], w[k])}
          />
        ))}
        <FigureCard
          id="topup"
          title="充值本金(元)"
          value={fenToYuan(t.topup_fen)}
          compare={yuan(t.topup_fen, w.topup_fen)}
          extra={<Typography.Text type="secondary">{t.topups} 笔充值</Typography.Text>}
        />
        <FigureCard
          id="machines"
          title="在线机器 / 已添加"
          value={`${m.online} / ${m.total}`}
          extra={
            <>
              <Typography.Text type="secondary">上机中 {m.in_use} 台</Typography.Text>
              <br />
              <Typography.Text type="secondary">已添加：机器管理中未停用的机器</Typography.Text>
            </>
          }
        />
        <FigureCard id="orders" title="订单数" value={t.orders} compare={count(t.orders, w.orders)} />
        <FigureCard
          id="new_members"
          title="新会员"
          value={t.new_members}
          compare={count(t.new_members, w.new_members)}
        />
        <FigureCard
          id="sessions"
          title="上机次数"
          value={t.sessions}
          compare={count(t.sessions, w.sessions)}
        />
      </Row>
    </Card>
  );
}
