import type { MerchantRow } from '@netbar/contract';
import { Button, type TableColumnsType } from 'antd';
import { MerchantStatusTag } from './merchant-status-tag';

/** The columns of the payment company's merchant tables; `open` shows a row's details. */
export function merchantColumns(open: (id: number) => void, action = '详情'): TableColumnsType<MerchantRow> {
  return [
    { title: '商户号', dataIndex: 'merchant_no', render: (v: string) => v || '—' },
    { title: '营业执照名称', dataIndex: 'legal_name' },
    { title: '商户简称', dataIndex: 'short_name' },
    { title: '法人', dataIndex: 'legal_person' },
    { title: '手机号', dataIndex: 'mobile' },
    { title: '申请门店', dataIndex: 'netbar_name' },
    { title: '状态', dataIndex: 'status', render: (s: number) => <MerchantStatusTag status={s} /> },
    { title: '提交时间', dataIndex: 'submitted_at' },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      render: (_: unknown, r: MerchantRow) => (
        <Button type="link" size="small" onClick={() => open(r.id)}>
          {action}
        </Button>
      ),
    },
  ];
}
