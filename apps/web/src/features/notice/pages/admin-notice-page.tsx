import { PlusOutlined } from '@ant-design/icons';
import { NOTICE_STATUS_LABELS, USER_TYPE_LABELS } from '@netbar/contract';
import { Button, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { type AdminNoticeRow, type AdminNoticeStatus, fetchAdminNotices } from '../api/admin-notice-list';
import { noticeKeys } from '../api/notice-keys';
import { usePublishAdminNotice, useWithdrawAdminNotice } from '../api/notice-mutations';
import { NoticeFormModal } from '../components/notice-form-modal';
import { formatEpoch } from '../format';

const STATUS_COLOR: Record<AdminNoticeStatus, string> = {
  draft: 'default',
  published: 'green',
  withdrawn: 'orange',
};

/** /admin/notice: the administrator writes, publishes and withdraws notices. */
export default function AdminNoticePage() {
  const modal = useModeState<AdminNoticeRow>();
  const publish = usePublishAdminNotice({ success: '公告已发布' });
  const withdraw = useWithdrawAdminNotice({ success: '公告已撤回' });

  const columns: TableColumnsType<AdminNoticeRow> = [
    { title: '标题', dataIndex: 'title', ellipsis: true, width: 240 },
    {
      title: '接收对象',
      dataIndex: 'user_types',
      width: 300,
      render: (types: AdminNoticeRow['user_types']) => (
        <Space size={[4, 4]} wrap>
          {types.map((t) => (
            <Tag key={t}>{USER_TYPE_LABELS[t]}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: AdminNoticeStatus) => <Tag color={STATUS_COLOR[s]}>{NOTICE_STATUS_LABELS[s] ?? s}</Tag>,
    },
    {
      title: '发布时间',
      dataIndex: 'publish_time',
      width: 170,
      render: (t: number | null) => formatEpoch(t),
    },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (t: number) => formatEpoch(t) },
    {
      title: '操作',
      key: 'action',
      width: 140,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {row.status === 'draft' && (
            <Button type="link" size="small" onClick={() => modal.edit(row)}>
              编辑
            </Button>
          )}
          {row.status !== 'published' && (
            <Popconfirm title="确定发布该公告？" onConfirm={() => publish.mutate(row.id)}>
              <Button type="link" size="small">
                发布
              </Button>
            </Popconfirm>
          )}
          {row.status === 'published' && (
            <Popconfirm title="确定撤回该公告？" onConfirm={() => withdraw.mutate(row.id)}>
              <Button type="link" size="small" danger>
                撤回
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTable<AdminNoticeRow>
        title="公告管理"
        queryKey={noticeKeys.admin()}
        fetcher={fetchAdminNotices}
        columns={columns}
        rowKey="id"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={modal.add}>
            新建公告
          </Button>
        }
      />
      <NoticeFormModal state={modal.state} onClose={modal.close} />
    </>
  );
}
