import {
  fenToYuan,
  ORDER_EVENT_LABELS,
  ORDER_PAY_METHOD_LABELS,
  ORDER_SOURCE_LABELS,
  type OrderLineRow,
  type OrderPaymentRow,
  type OrderRefundRow,
} from '@netbar/contract';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Input,
  Popconfirm,
  Space,
  Spin,
  Table,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { OrderLinkButton } from '../../pay-link/components/order-link-button';
import { useCancelOrder } from '../api/order-list-mutations';
import { useOrder } from '../api/order-list-queries';
import { OrderStatusTag } from './order-status-tag';
import { mayRefund } from './refund-math';
import { RefundModal } from './refund-modal';

const yuan = (f: number) => fenToYuan(f);
const method = (m: string) => ORDER_PAY_METHOD_LABELS[m as keyof typeof ORDER_PAY_METHOD_LABELS] ?? m;

/**
 * One shopping order: its lines, payments, refunds and timeline; 退款 (only with the refund grant, while
 * something paid is left), 生成付款链接 and 取消订单 (only while unpaid; the link, decision 176).
 */
export function OrderDetailDrawer({
  id,
  onClose,
  canRefund,
}: {
  id: number | null;
  onClose: () => void;
  canRefund: boolean;
}) {
  const q = useOrder(id);
  const [refunding, setRefunding] = useState(false);
  const [cancelReason, setCancelReason] = useState('');
  const cancel = useCancelOrder({ success: '订单已取消' });
  const o = q.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={820}
      title={o ? `订单 ${o.order_no}` : '订单详情'}
      extra={
        o && (
          <Space>
            {o.status === 'unpaid' && o.total_fen > 0 && <OrderLinkButton orderId={o.id} />}
            {o.status === 'unpaid' && (
              <Popconfirm
                title="取消这笔待支付订单？"
                description={
                  <Input
                    aria-label="取消原因"
                    placeholder="取消原因（选填）"
                    maxLength={100}
                    value={cancelReason}
                    onChange={(e) => setCancelReason(e.target.value)}
                  />
                }
                okText="取消订单"
                cancelText="不取消"
                onConfirm={() => cancel.mutate({ order_id: o.id, reason: cancelReason.trim() || undefined })}
              >
                <Button loading={cancel.isPending}>取消订单</Button>
              </Popconfirm>
            )}
            {canRefund && mayRefund(o) && (
              <Button danger onClick={() => setRefunding(true)}>
                退款
              </Button>
            )}
          </Space>
        )
      }
    >
      {q.isLoading && <Spin />}
      {q.isError && <Alert type="error" showIcon title="加载订单失败" />}
      {o && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="状态">
              <OrderStatusTag status={o.status} />
            </Descriptions.Item>
            <Descriptions.Item label="来源">{ORDER_SOURCE_LABELS[o.source] ?? o.source}</Descriptions.Item>
            <Descriptions.Item label="收银员">{o.cashier_name}</Descriptions.Item>
            <Descriptions.Item label="下单时间">{o.created_at}</Descriptions.Item>
            <Descriptions.Item label="原价(元)">{yuan(o.list_fen)}</Descriptions.Item>
            <Descriptions.Item label="优惠(元)">
              {yuan(o.discount_fen)}
              {o.round_fen > 0 && (
                <Typography.Text type="secondary">（含抹零 ¥{yuan(o.round_fen)}）</Typography.Text>
              )}
              {!!o.coupon_fen && (
                <Typography.Text type="secondary">
                  （含优惠券「{o.coupon_name}」¥{yuan(o.coupon_fen)}）
                </Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="应收(元)">
              <Typography.Text strong>{yuan(o.total_fen)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="实付(元)">{yuan(o.paid_fen)}</Descriptions.Item>
            <Descriptions.Item label="已退(元)">
              <Typography.Text type={o.refunded_fen ? 'danger' : undefined}>
                {yuan(o.refunded_fen)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="支付时间">{o.paid_at ?? '—'}</Descriptions.Item>
            {o.remark ? (
              <Descriptions.Item label="备注" span={2}>
                {o.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <section>
            <Typography.Title level={5}>商品</Typography.Title>
            <Table<OrderLineRow>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={o.lines}
              columns={[
                {
                  title: '商品',
                  dataIndex: 'name',
                  render: (n: string, l) => (l.edited ? `${n}（改价）` : n),
                },
                { title: '数量', dataIndex: 'qty', align: 'right' },
                { title: '单价(元)', dataIndex: 'unit_fen', align: 'right', render: yuan },
                { title: '小计(元)', dataIndex: 'total_fen', align: 'right', render: yuan },
                {
                  title: '已退',
                  key: 'refunded',
                  align: 'right',
                  render: (_: unknown, l) =>
                    l.refunded_qty ? `${l.refunded_qty}件 / ¥${yuan(l.refunded_fen)}` : '—',
                },
              ]}
            />
          </section>
          <section>
            <Typography.Title level={5}>支付</Typography.Title>
            <Table<OrderPaymentRow>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={o.payments}
              locale={{ emptyText: '未支付' }}
              columns={[
                { title: '方式', dataIndex: 'method', render: method },
                { title: '金额(元)', dataIndex: 'amount_fen', align: 'right', render: yuan },
                {
                  title: '实收/找零',
                  key: 'cash',
                  align: 'right',
                  render: (_: unknown, p) =>
                    p.method === 'cash' && p.tendered_fen
                      ? `${yuan(p.tendered_fen)} / ${yuan(p.change_fen)}`
                      : '—',
                },
                { title: '已退(元)', dataIndex: 'refunded_fen', align: 'right', render: yuan },
                { title: '时间', dataIndex: 'at' },
              ]}
            />
          </section>
          {o.refunds.length > 0 && (
            <section>
              <Typography.Title level={5}>退款记录</Typography.Title>
              <Table<OrderRefundRow>
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={o.refunds}
                columns={[
                  { title: '退款单号', dataIndex: 'refund_no' },
                  { title: '金额(元)', dataIndex: 'amount_fen', align: 'right', render: yuan },
                  {
                    title: '商品',
                    key: 'lines',
                    render: (_: unknown, r) => r.lines.map((l) => `${l.name}×${l.qty}`).join('、'),
                  },
                  {
                    title: '退回',
                    key: 'methods',
                    render: (_: unknown, r) =>
                      r.methods.map((m) => `${method(m.method)} ${yuan(m.amount_fen)}`).join('、'),
                  },
                  { title: '原因', dataIndex: 'reason' },
                  { title: '操作人', dataIndex: 'user_name' },
                  { title: '时间', dataIndex: 'at' },
                ]}
              />
            </section>
          )}
          <section>
            <Typography.Title level={5}>时间线</Typography.Title>
            <Timeline
              items={o.events.map((e) => ({
                key: e.id,
                color:
                  e.kind === 'refund' || e.kind === 'cancel' ? 'red' : e.kind === 'pay' ? 'green' : 'blue',
                content: (
                  <span>
                    <Typography.Text type="secondary">{e.at}</Typography.Text>{' '}
                    <Typography.Text strong>{ORDER_EVENT_LABELS[e.kind] ?? e.kind}</Typography.Text> {e.text}
                    {e.user_name ? `（${e.user_name}）` : ''}
                  </span>
                ),
              }))}
            />
          </section>
        </Space>
      )}
      {refunding && o && <RefundModal order={o} onClose={() => setRefunding(false)} />}
    </Drawer>
  );
}
