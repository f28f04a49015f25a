import { LeaseOrderTable } from '../components/lease-order-table';

/** /order/lease_order_list (263): every lease with filters, 合计, export, detail; overdue ones highlighted. */
export default function LeaseOrderPage() {
  return <LeaseOrderTable title="租赁订单" />;
}
