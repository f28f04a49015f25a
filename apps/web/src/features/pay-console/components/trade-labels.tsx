import {
  fenToYuan,
  PAYMENT_METHOD_LABELS,
  type PaymentMethodKind,
  type PaymentStatus,
  type RefundRequestStatus,
} from '@netbar/contract';
import { Tag } from 'antd';

export const yuan = (fen: number | null | undefined) => (fen == null ? '-' : `¥${fenToYuan(fen)}`);

const STATUS_COLOR: Record<PaymentStatus, string> = {
  待支付: 'blue',
  已支付: 'green',
  已关闭: 'default',
  已退款: 'volcano',
  部分退款: 'orange',
};
export const PaymentStatusTag = ({ status }: { status: PaymentStatus }) => (
  <Tag color={STATUS_COLOR[status]}>{status}</Tag>
);

const REQUEST_COLOR: Record<RefundRequestStatus, string> = { 待审核: 'gold', 已退款: 'green', 已驳回: 'red' };
export const RequestTag = ({ status }: { status: RefundRequestStatus | '' }) =>
  status ? (
    <Tag color={REQUEST_COLOR[status]}>{status === '待审核' ? '退款待审核' : `申请${status}`}</Tag>
  ) : null;

export const methodLabel = (m: PaymentMethodKind) => PAYMENT_METHOD_LABELS[m];
