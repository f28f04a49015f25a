import type { AgreementView } from '@netbar/contract';
import { shanghaiDateTime } from '@netbar/contract';
import { Button, Card, Popconfirm, Table, type TableColumnsType, Tag } from 'antd';
import { useModeState } from '../../../components/use-mode-form';
import { usePublishAgreement } from '../api/agreement-mutations';
import { useAgreementVersions } from '../api/agreement-queries';
import { AgreementFormModal, agreementPath as PATH } from '../components/agreement-form-modal';

const STATUS = {
  draft: ['草稿', 'default'],
  published: ['现行', 'green'],
  archived: ['已归档', 'default'],
} as const;

/** /admin/agreements (协议管理): write a new version, publish it; the page shows the published one. */
export default function AgreementsAdminPage() {
  const q = useAgreementVersions();
  const modal = useModeState<AgreementView>();
  const publish = usePublishAgreement({ success: '已发布' });

  const columns: TableColumnsType<AgreementView> = [
    {
      title: '页面',
      dataIndex: 'slug',
      width: 200,
      render: (s: string) => (
        <a href={PATH(s)} target="_blank" rel="noreferrer">
          {PATH(s)}
        </a>
      ),
    },
    { title: '标题', dataIndex: 'title' },
    { title: '版本', dataIndex: 'version', width: 80 },
    { title: '生效日期', dataIndex: 'effective_date', width: 110 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: AgreementView['status']) => <Tag color={STATUS[s][1]}>{STATUS[s][0]}</Tag>,
    },
    {
      title: '更新时间',
      dataIndex: 'updated_at',
      width: 170,
      render: (v: number) => shanghaiDateTime(v * 1000),
    },
    {
      title: '操作',
      width: 180,
      render: (_v, r) => (
        <>
          <Button type="link" onClick={() => modal.edit(r)}>
            {r.status === 'draft' ? '编辑' : '以此为底稿'}
          </Button>
          {r.status === 'draft' && (
            <Popconfirm title="发布后立即替换现行版本，确定发布？" onConfirm={() => publish.mutate(r.id)}>
              <Button type="link">发布</Button>
            </Popconfirm>
          )}
        </>
      ),
    },
  ];

  return (
    <Card
      title="协议管理"
      extra={
        <Button type="primary" onClick={modal.add}>
          新建版本
        </Button>
      }
    >
      <Table<AgreementView>
        rowKey="id"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 20 }}
      />
      <AgreementFormModal state={modal.state} onClose={modal.close} />
    </Card>
  );
}
