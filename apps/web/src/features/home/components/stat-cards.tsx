import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import type { StatCard } from '../api/home-stats';

interface Props {
  cards: StatCard[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** The figure cards of the home page; no figure is invented when the server has none. */
export function StatCards({ cards, loading, failed, onRetry }: Props) {
  if (loading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        title="加载数据失败"
        action={
          <Button size="small" onClick={onRetry}>
            重试
          </Button>
        }
      />
    );
  }
  if (!cards?.length) return null;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={12} lg={8} xl={6}>
          <Card data-testid={`stat-${card.key}`} style={{ height: '100%' }}>
            <Statistic title={card.title} value={card.value} suffix={card.unit} />
            {card.hint && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {card.hint}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
