import { ORDER_STATUS_NAMES, type OrderStatus } from '@netbar/contract';
import { Tag } from 'antd';

const COLOURS: Record<OrderStatus, string> = {
  unpaid: 'orange',
  paid: 'blue',
  preparing: 'purple',
  delivered: 'cyan',
  done: 'green',
  cancelled: 'default',
  part_refunded: 'gold',
  refunded: 'red',
};

/** An order's status as a coloured tag (待支付 orange … 已退款 red). */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={COLOURS[status]}>{ORDER_STATUS_NAMES[status] ?? status}</Tag>;
}
