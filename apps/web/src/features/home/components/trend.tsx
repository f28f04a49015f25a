import { changePercent } from '@netbar/contract';
import { Card, Col, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';

/** ↑12.5% / ↓3.0% / 持平 against the same weekday last week up to this time; — when last week had nothing. */
export function Trend({ now, before }: { now: number; before: number }) {
  const p = changePercent(now, before);
  if (p === null) return <Typography.Text type="secondary">—</Typography.Text>;
  if (p === 0) return <Typography.Text type="secondary">持平</Typography.Text>;
  const up = p > 0;
  return (
    <Typography.Text style={{ color: up ? '#cf1322' : '#237804' }}>
      {up ? '↑' : '↓'}
      {Math.abs(p).toFixed(1)}%
    </Typography.Text>
  );
}

interface FigureProps {
  id: string;
  title: string;
  value: ReactNode;
  suffix?: string;
  /** Last week's value (that business day up to this time of day) and the trend against it. */
  compare?: { now: number; before: number; shown: ReactNode };
  extra?: ReactNode;
}

/** One figure card of a home dashboard. */
export function FigureCard({ id, title, value, suffix, compare, extra }: FigureProps) {
  return (
    <Col xs={24} sm={12} lg={8} xl={6}>
      <Card size="small" data-testid={`home-${id}`} style={{ height: '100%' }}>
        <Statistic title={title} value={value as string} suffix={suffix} />
        {compare && (
          <div style={{ fontSize: 12 }}>
            <div>
              较上周同日 <Trend now={compare.now} before={compare.before} />
            </div>
            <Typography.Text type="secondary">上周同日同时段 {compare.shown}</Typography.Text>
          </div>
        )}
        {extra && <div style={{ fontSize: 12, marginTop: 4 }}>{extra}</div>}
      </Card>
    </Col>
  );
}
