import { changePercent, fenToYuan, type OperateStatistic } from '@netbar/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';

/** ↑12.5% / ↓3.0% against the previous figure; — when there is nothing to compare. */
export function Change({ now, before }: { now: number; before: number }) {
  const p = changePercent(now, before);
  if (p === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const up = p >= 0;
  return (
    <Typography.Text style={{ color: up ? '#cf1322' : '#237804' }}>
      {up ? '↑' : '↓'}
      {Math.abs(p).toFixed(1)}%
    </Typography.Text>
  );
}

const CARDS = [
  ['revenue_fen', '营业收入'],
  ['topup_fen', '充值本金'],
  ['bonus_fen', '赠送奖励'],
  ['refund_fen', '退款'],
  ['net_cash_fen', '实收净额'],
] as const;

/** The period's key figures, each against the previous period of the same length (环比). */
export function OperateCards({ data }: { data: OperateStatistic }) {
  const prev = data.previous;
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {CARDS.map(([k, title]) => (
        <Col key={k} xs={12} md={8} xl={4} flex="1">
          <Card size="small">
            <Statistic title={`${title}(元)`} value={fenToYuan(data.totals[k])} />
            <div style={{ fontSize: 12 }}>
              环比上期 <Change now={data.totals[k]} before={prev.totals[k]} />
              <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                上期 {fenToYuan(prev.totals[k])}
              </Typography.Text>
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
