import type { SubAgentRow } from '@netbar/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { AddButton, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { useAppState } from '../../../lib/app-state';
import { channelApi } from '../api/channel-api';
import { channelKeys } from '../api/channel-keys';
import { SubAgentDetail } from '../components/sub-agent-detail';
import { SubAgentModal, type SubAgentMode } from '../components/sub-agent-modal';

/** /channelManage/lowerChannel: the agent's sub-agents (下级渠道). */
export default function LowerChannelPage() {
  const isAgent = useAppState((s) => s.user?.type === 1);
  const [editing, setEditing] = useState<SubAgentMode>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const columns: TableColumnsType<SubAgentRow> = [
    { title: '渠道ID', dataIndex: 'id', width: 80 },
    { title: '渠道名称', dataIndex: 'name', render: (v: string) => <b>{v}</b> },
    { title: '登录账号', dataIndex: 'user_name' },
    {
      title: '联系人',
      key: 'contact',
      render: (_, r) => `${r.contact} ${r.mobile}`,
    },
    {
      title: '地区',
      key: 'region',
      render: (_, r) => `${r.province}${r.city === r.province ? '' : r.city}${r.district}`,
    },
    { title: '网吧数', dataIndex: 'netbar_count', align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: number) => <Tag color={s === 1 ? 'green' : 'default'}>{s === 1 ? '正常' : '停用'}</Tag>,
    },
    { title: '创建时间', dataIndex: 'created_at' },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(r.id)}>
            查看
          </Button>
          {isAgent && (
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: r })}>
              编辑
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<SubAgentRow>
        title="下级渠道"
        queryKey={channelKeys.list()}
        fetcher={(p) => channelApi.list(p)}
        onExport={(f) => channelApi.exportList(f)}
        columns={columns}
        rowKey="id"
        toolbar={isAgent && <AddButton onClick={() => setEditing({ mode: 'add' })}>新增下级渠道</AddButton>}
        filterFields={<KeywordFilter label="渠道名称/联系人" width={180} />}
      />
      <SubAgentModal state={editing} onClose={() => setEditing(null)} onDone={() => setEditing(null)} />
      <SubAgentDetail agentId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
