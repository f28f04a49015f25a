import {
  fenToYuan,
  ORDER_ACTION_LABELS,
  ORDER_STATUS_NAMES,
  type OrderAction,
  type OrderListRow,
  type OrderStatus,
} from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { terminalKeys } from '../../terminal/api/terminal-messages';
import { requestId } from '../api/order-api';
import { orderKeys } from '../api/order-keys';
import { useMoveOrder, usePayOrder } from '../api/order-mutations';
import { useSeatQueue } from '../api/order-queries';
import { paymentsOf } from '../model/payment-math';
import { PayModal } from './pay-modal';

/** The moves offered for each status (decision 124's flow: 接单 tells the machine, status unchanged). */
const NEXT: Partial<Record<OrderStatus, OrderAction[]>> = {
  paid: ['accept', 'prepare', 'deliver'],
  preparing: ['deliver'],
  delivered: ['finish'],
};
const COLOUR: Partial<Record<OrderStatus, string>> = {
  unpaid: 'orange',
  paid: 'blue',
  preparing: 'purple',
  delivered: 'green',
};

/**
 * 座位订单: orders placed from the PCs, oldest first, with the move each one needs next (收款 for an
 * unpaid one). A new seat order on the live channel (the header chimes and lists it) reloads the queue.
 */
export function SeatQueue() {
  const q = useSeatQueue();
  const qc = useQueryClient();
  const [paying, setPaying] = useState<OrderListRow | null>(null);
  const move = useMoveOrder();
  const rid = useRef<{ order: number; id: string } | null>(null);
  const pay = usePayOrder({
    success: '收款成功',
    onSuccess: () => {
      rid.current = null;
      setPaying(null);
    },
  });

  useEffect(
    () =>
      qc.getQueryCache().subscribe((e) => {
        if (e.type === 'updated' && e.query.queryKey.join() === terminalKeys.pending().join())
          void qc.invalidateQueries({ queryKey: orderKeys.seatQueue() });
      }),
    [qc],
  );

  const rows = q.data ?? [];
  return (
    <div className="cashier-queue">
      <Space style={{ marginBottom: 6 }}>
        <Typography.Text strong>座位订单</Typography.Text>
        <Badge count={rows.length} showZero={false} />
      </Space>
      {q.isError && <Typography.Text type="secondary">座位订单暂不可用</Typography.Text>}
      {!q.isError && !rows.length && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待处理的座位订单" />
      )}
      {rows.map((o) => (
        <div key={o.id} className="cashier-queue-item" data-testid={`seat-order-${o.id}`}>
          <div>
            <Space size={6} wrap>
              <Typography.Text strong>{o.machine_name || '座位'}</Typography.Text>
              <Tag color={COLOUR[o.status]}>{ORDER_STATUS_NAMES[o.status]}</Tag>
              <Typography.Text type="secondary">{o.created_at.slice(11, 16)}</Typography.Text>
            </Space>
            <div>
              {o.items} · ¥{fenToYuan(o.total_fen)}
              {o.member_name && ` · ${o.member_name}`}
            </div>
          </div>
          <Space size={4} wrap>
            {o.status === 'unpaid' && (
              <Button size="small" type="primary" onClick={() => setPaying(o)}>
                收款
              </Button>
            )}
            {(NEXT[o.status] ?? []).map((a) => (
              <Button
                key={a}
                size="small"
                type={a === 'accept' ? 'default' : 'primary'}
                ghost={a !== 'accept'}
                loading={move.isPending && move.variables?.order_id === o.id && move.variables.action === a}
                onClick={() => move.mutate({ order_id: o.id, action: a })}
              >
                {ORDER_ACTION_LABELS[a]}
              </Button>
            ))}
          </Space>
        </div>
      ))}
      {paying && (
        <PayModal
          due_fen={paying.total_fen - paying.paid_fen}
          member={null}
          deductOrder="bonus_first"
          busy={pay.isPending}
          onCancel={() => setPaying(null)}
          onSubmit={(d) => {
            if (rid.current?.order !== paying.id) rid.current = { order: paying.id, id: requestId() };
            pay.mutate({ order_id: paying.id, request_id: rid.current.id, payments: paymentsOf(d) });
          }}
        />
      )}
    </div>
  );
}
