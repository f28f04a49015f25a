import { fenToYuan, PAYMENT_METHOD_LABELS, type PayLinkPaymentRow, type PayLinkRow } from '@netbar/contract';
import { Drawer, type TableColumnsType } from 'antd';
import { PageTable } from '../../../components/page-table';
import { fetchLinkPayments } from '../api/pay-link-api';
import { payLinkKeys } from '../api/pay-link-keys';

const columns: TableColumnsType<PayLinkPaymentRow> = [
  { title: '支付单号', dataIndex: 'payment_no' },
  { title: '金额（元）', dataIndex: 'amount_fen', align: 'right', render: (v: number) => fenToYuan(v) },
  {
    title: '支付方式',
    dataIndex: 'method',
    render: (v: string) => PAYMENT_METHOD_LABELS[v as keyof typeof PAYMENT_METHOD_LABELS] ?? v,
  },
  { title: '状态', dataIndex: 'status' },
  { title: '支付时间', dataIndex: 'paid_at' },
];

/** The payments of one link. */
export function LinkPaymentsDrawer({ link, onClose }: { link: PayLinkRow | null; onClose: () => void }) {
  return (
    <Drawer
      open={!!link}
      size={720}
      title={link ? `收款记录：${link.title}` : ''}
      onClose={onClose}
      destroyOnHidden
    >
      {link && (
        <PageTable<PayLinkPaymentRow>
          queryKey={payLinkKeys.payments(link.id)}
          fetcher={(p) => fetchLinkPayments({ ...p, id: link.id })}
          columns={columns}
          rowKey="id"
          size="small"
        />
      )}
    </Drawer>
  );
}
