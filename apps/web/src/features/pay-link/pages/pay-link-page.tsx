import {
  fenToYuan,
  PAY_LINK_PURPOSE_LABELS,
  PAY_LINK_PURPOSES,
  PAY_LINK_STATUSES,
  type PayLinkRow,
  type PayLinkStatus,
  UserType,
} from '@netbar/contract';
import { Button, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { AddButton, ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { useAppState } from '../../../lib/app-state';
import { exportPayLinks, fetchPayLinks } from '../api/pay-link-api';
import { payLinkKeys } from '../api/pay-link-keys';
import { useDisablePayLink } from '../api/pay-link-mutations';
import { LinkPaymentsDrawer } from '../components/link-payments-drawer';
import { LinkQrModal } from '../components/link-qr-modal';
import { PayLinkForm } from '../components/pay-link-form';

const STATUS_COLOR: Record<PayLinkStatus, string> = {
  有效: 'green',
  已停用: 'default',
  已过期: 'orange',
  已用完: 'blue',
};
const amountText = (r: PayLinkRow) =>
  r.amount_fen !== null
    ? fenToYuan(r.amount_fen)
    : `${fenToYuan(r.min_fen ?? 0)} - ${fenToYuan(r.max_fen ?? 0)}`;

/** /payLink (17) 收款链接: the store's links (the payment company sees every store's, read only). */
export default function PayLinkPage() {
  const canEdit = useAppState((s) => s.user?.type !== UserType.PayCompany);
  const [creating, setCreating] = useState(false);
  const [qr, setQr] = useState<PayLinkRow | null>(null);
  const [paymentsOf, setPaymentsOf] = useState<PayLinkRow | null>(null);
  const disable = useDisablePayLink();
  const columns: TableColumnsType<PayLinkRow> = [
    { title: '标题', dataIndex: 'title' },
    ...(canEdit ? [] : [{ title: '门店', dataIndex: 'netbar_name' }]),
    {
      title: '用途',
      dataIndex: 'purpose',
      render: (v: PayLinkRow['purpose'], r) => {
        const to = r.member_name || r.order_no || (v === 'topup' ? '任意会员' : '');
        return to ? `${PAY_LINK_PURPOSE_LABELS[v]}（${to}）` : PAY_LINK_PURPOSE_LABELS[v];
      },
    },
    { title: '金额（元）', key: 'amount', align: 'right', render: (_v, r) => amountText(r) },
    { title: '使用次数', dataIndex: 'single_use', render: (v: boolean) => (v ? '单次' : '多次') },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: PayLinkStatus) => <Tag color={STATUS_COLOR[v]}>{v}</Tag>,
    },
    { title: '已收笔数', dataIndex: 'paid_count', align: 'right' },
    { title: '已收金额（元）', dataIndex: 'paid_fen', align: 'right', render: (v: number) => fenToYuan(v) },
    { title: '有效期至', dataIndex: 'expires_at' },
    { title: '创建人', dataIndex: 'creator_name' },
    { title: '创建时间', dataIndex: 'created_at' },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setQr(r)}>
            二维码
          </Button>
          <Button type="link" size="small" onClick={() => setPaymentsOf(r)}>
            收款记录
          </Button>
          {canEdit && r.status === '有效' && (
            <Popconfirm title="停用后顾客不能再支付，确定停用？" onConfirm={() => disable.mutate(r.id)}>
              <Button type="link" size="small" danger>
                停用
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<PayLinkRow>
        title="收款链接"
        queryKey={payLinkKeys.list()}
        fetcher={fetchPayLinks}
        columns={columns}
        rowKey="id"
        size="middle"
        filterFormName="pay-link-filter"
        filterFields={
          <>
            <KeywordFilter label="标题" width={160} />
            <ChoiceFilter
              name="status"
              label="状态"
              options={PAY_LINK_STATUSES.map((s) => ({ value: s, label: s }))}
            />
            <ChoiceFilter
              name="purpose"
              label="用途"
              width={120}
              options={PAY_LINK_PURPOSES.map((p) => ({ value: p, label: PAY_LINK_PURPOSE_LABELS[p] }))}
            />
          </>
        }
        onExport={(f) => exportPayLinks(f)}
        toolbar={canEdit ? <AddButton onClick={() => setCreating(true)}>新建收款链接</AddButton> : null}
      />
      <PayLinkForm open={creating} onClose={() => setCreating(false)} onCreated={setQr} />
      <LinkQrModal link={qr} onClose={() => setQr(null)} />
      <LinkPaymentsDrawer link={paymentsOf} onClose={() => setPaymentsOf(null)} />
    </>
  );
}
