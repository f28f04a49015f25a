import {
  DESK_KIND_LABEL,
  DESK_STATE_LABEL,
  type DeskBoardRow,
  type DeskState,
  fenToYuan,
} from '@netbar/contract';
import { Alert, Button, Card, Col, Empty, Input, Popconfirm, Row, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCancelSession } from '../api/desk-mutations';
import { useBoard } from '../api/desk-queries';
import { DeskGoodsModal } from './desk-goods-modal';
import { OpenDeskModal } from './open-desk-modal';
import { SettleModal } from './settle-modal';

const COLOURS: Record<DeskState, string> = {
  free: 'green',
  in_use: 'red',
  booked: 'orange',
  disabled: 'default',
};

/** The counter's board: each desk's state; 开台, 点商品, 结账 and 取消开台 from its card. */
export function DeskBoard() {
  const q = useBoard();
  const [opening, setOpening] = useState<DeskBoardRow | null>(null);
  const [settling, setSettling] = useState<number | null>(null);
  const [goods, setGoods] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const cancel = useCancelSession({ success: '已取消开台', onSuccess: () => setReason('') });
  if (q.isLoading) return <Spin />;
  if (q.isError) return <Alert type="error" showIcon title="加载包间状态失败" />;
  const list = q.data ?? [];
  if (list.length === 0) return <Empty description="还没有包间或桌台，请先在“包间/桌台”中添加" />;
  return (
    <>
      <Row gutter={[16, 16]}>
        {list.map((d) => (
          <Col key={d.id} xs={24} sm={12} md={8} xl={6}>
            <Card
              size="small"
              title={
                <Space>
                  {d.name}
                  <Typography.Text type="secondary">{DESK_KIND_LABEL[d.kind]}</Typography.Text>
                </Space>
              }
              extra={<Tag color={COLOURS[d.state]}>{DESK_STATE_LABEL[d.state]}</Tag>}
              actions={
                d.session
                  ? [
                      <Button key="goods" type="link" size="small" onClick={() => setGoods(d.session!.id)}>
                        点商品
                      </Button>,
                      <Button
                        key="settle"
                        type="link"
                        size="small"
                        onClick={() => setSettling(d.session!.id)}
                      >
                        结账
                      </Button>,
                      <Popconfirm
                        key="cancel"
                        title="取消开台？"
                        description={
                          <Input
                            aria-label="取消原因"
                            placeholder="请填写取消原因"
                            maxLength={100}
                            value={reason}
                            onChange={(e) => setReason(e.target.value)}
                          />
                        }
                        okText="取消开台"
                        cancelText="返回"
                        okButtonProps={{ disabled: !reason.trim() }}
                        onConfirm={() => cancel.mutate({ session_id: d.session!.id, reason: reason.trim() })}
                      >
                        <Button type="link" size="small" danger>
                          取消开台
                        </Button>
                      </Popconfirm>,
                    ]
                  : [
                      <Button
                        key="open"
                        type="link"
                        size="small"
                        disabled={d.state === 'disabled'}
                        onClick={() => setOpening(d)}
                      >
                        开台
                      </Button>,
                    ]
              }
            >
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                {d.area ? `${d.area} · ` : ''}
                {d.capacity}人 · {d.hourly_fen ? `¥${fenToYuan(d.hourly_fen)}/小时` : ''}
                {d.min_spend_fen ? ` 低消¥${fenToYuan(d.min_spend_fen)}` : ''}
              </Typography.Paragraph>
              {d.session ? (
                <Typography.Paragraph style={{ marginBottom: 0 }}>
                  {d.session.customer || '散客'} · {d.session.opened_at.slice(11, 16)} 开台 · 商品 ¥
                  {fenToYuan(d.session.goods_fen)}
                </Typography.Paragraph>
              ) : d.next_booking ? (
                <Typography.Paragraph style={{ marginBottom: 0 }}>
                  预订 {d.next_booking.customer} {d.next_booking.start_at.slice(5, 16)}-
                  {d.next_booking.end_at.slice(11, 16)}
                </Typography.Paragraph>
              ) : (
                <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                  暂无预订
                </Typography.Paragraph>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <OpenDeskModal desk={opening} onClose={() => setOpening(null)} />
      <SettleModal sessionId={settling} onClose={() => setSettling(null)} />
      <DeskGoodsModal sessionId={goods} onClose={() => setGoods(null)} />
    </>
  );
}
