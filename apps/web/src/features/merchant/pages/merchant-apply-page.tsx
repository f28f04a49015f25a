import type { MerchantRow } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { fetchMerchants } from '../api/merchant-api';
import { merchantKeys } from '../api/merchant-keys';
import { useDraft, usePaymentConf } from '../api/merchant-queries';
import { MerchantDrawer } from '../components/merchant-drawer';
import { MerchantForm } from '../components/merchant-form';
import { MerchantStatusTag } from '../components/merchant-status-tag';

/**
 * 商户进件 (/merchantApply 6110): the current store's payment state, the owner's merchants with their
 * review state, and the onboarding form (a draft or a rejected application continues where it stopped).
 */
export default function MerchantApplyPage() {
  const conf = usePaymentConf();
  const draft = useDraft();
  const mine = useQuery({
    queryKey: [...merchantKeys.list(), 'mine'],
    queryFn: () => fetchMerchants({ page: 1, page_size: 50 }),
  });
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number>();
  const open = draft.data ?? null;
  const showForm = creating || !!open;
  const columns: TableColumnsType<MerchantRow> = [
    { title: '营业执照名称', dataIndex: 'legal_name', render: (v: string) => v || '（未填写）' },
    { title: '商户简称', dataIndex: 'short_name' },
    { title: '商户号', dataIndex: 'merchant_no', render: (v: string) => v || '—' },
    { title: '申请门店', dataIndex: 'netbar_name' },
    { title: '状态', dataIndex: 'status', render: (s: number) => <MerchantStatusTag status={s} /> },
    { title: '提交时间', dataIndex: 'submitted_at', render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'op',
      render: (_: unknown, r: MerchantRow) => (
        <Button type="link" size="small" onClick={() => setViewing(r.id)}>
          查看
        </Button>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="当前门店收款" size="small" loading={conf.isLoading}>
        {conf.data && (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label="收款商户">
              <MerchantStatusTag status={conf.data.status} />
            </Descriptions.Item>
            <Descriptions.Item label="商户号">{conf.data.merchant_no || '—'}</Descriptions.Item>
            <Descriptions.Item label="扫码收款">
              {conf.data.can_pay ? '已可用' : '开通商户后可用'}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card
        title="我的商户"
        size="small"
        extra={
          !showForm && (
            <Button type="primary" onClick={() => setCreating(true)}>
              新建进件
            </Button>
          )
        }
      >
        <Table<MerchantRow>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={mine.data?.list ?? []}
          loading={mine.isLoading}
          pagination={false}
          locale={{ emptyText: '暂无商户，点击“新建进件”开始' }}
        />
      </Card>
      {draft.isError && <Alert type="error" showIcon title="草稿加载失败" />}
      {showForm && !draft.isLoading && (
        <MerchantForm key={open?.id ?? 'new'} draft={open} onDone={() => setCreating(false)} />
      )}
      <MerchantDrawer id={viewing} onClose={() => setViewing(undefined)} />
    </Space>
  );
}
