import { fenToYuan, type GameCard } from '@netbar/contract';
import { Badge, Button, Card, Col, Empty, Row, Skeleton, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useGameOverview } from '../api/game-queries';
import { GameStateTag } from './game-state-tag';
import { GameTaskLines } from './game-task-lines';

/** One card per game: its current activity's state, tasks, budget and results waiting; 设置 opens its page. */
export function GameCards({ onBoard }: { onBoard: (c: GameCard) => void }) {
  const q = useGameOverview();
  const nav = useNavigate();
  if (q.isLoading) return <Skeleton active />;
  return (
    <Row gutter={[16, 16]}>
      {(q.data ?? []).map((c) => {
        const a = c.activity;
        return (
          <Col key={c.game_type} xs={24} md={12} xl={8}>
            <Card
              title={c.title}
              extra={
                a ? (
                  <GameStateTag state={a.state} />
                ) : (
                  <Typography.Text type="secondary">未创建</Typography.Text>
                )
              }
              actions={[
                <Button key="set" type="link" onClick={() => nav(c.path)}>
                  活动设置
                </Button>,
                <Button
                  key="board"
                  type="link"
                  disabled={!a || a.state === 'draft'}
                  onClick={() => onBoard(c)}
                >
                  排行榜
                </Button>,
              ]}
              style={{ height: '100%' }}
              data-testid={`game-card-${c.game_type}`}
            >
              {a ? (
                <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                  <Typography.Text strong>{a.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {a.starts_at.slice(0, 16)} 至 {a.ends_at.slice(0, 16)}
                  </Typography.Text>
                  <GameTaskLines tasks={a.tasks} />
                  <Space size="large" style={{ fontSize: 12 }}>
                    <span>获奖人数 {a.members}</span>
                    <span>
                      预算 {fenToYuan(a.budget_fen)} / 已用 {fenToYuan(a.spent_fen)} 元
                    </span>
                    {a.pending > 0 && (
                      <Badge count={a.pending} title="待确认成绩" offset={[8, 0]}>
                        待确认
                      </Badge>
                    )}
                  </Space>
                  {c.activities > 1 && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      共 {c.activities} 个活动
                    </Typography.Text>
                  )}
                </Space>
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="还没有活动，点「活动设置」创建任务与奖励"
                />
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
