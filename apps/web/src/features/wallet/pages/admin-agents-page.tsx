import { fenToYuan } from '@netbar/contract';
import { Button, Form, Input, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { type AgentRow, fetchAdminAgents } from '../api/wallet-admin-api';
import { walletKeys } from '../api/wallet-keys';
import { AdjustModal } from '../components/adjust-modal';
import { AgentSettingsCard } from '../components/agent-settings-card';
import { ProfitRatesCard } from '../components/profit-rates-card';

/** /admin/agents: every agent with its balance; credit or debit with a reason; the agent rules. */
export default function AdminAgentsPage() {
  const [adjusting, setAdjusting] = useState<AgentRow | null>(null);
  const columns: TableColumnsType<AgentRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: '代理商',
      dataIndex: 'name',
      render: (v: string, r) => (
        <Space direction="vertical" size={0}>
          <b>{v}</b>
          <span style={{ color: '#666' }}>{r.user_name}</span>
        </Space>
      ),
    },
    { title: '上级渠道', dataIndex: 'parent_name', render: (v: string) => v || '—' },
    { title: '联系人', key: 'contact', render: (_, r) => `${r.contact} ${r.mobile}` },
    { title: '地区', key: 'region', render: (_, r) => `${r.province}${r.city === r.province ? '' : r.city}` },
    { title: '网吧数', dataIndex: 'netbar_count', align: 'right' },
    { title: '余额（元）', dataIndex: 'balance_fen', align: 'right', render: (v: number) => fenToYuan(v) },
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
        <Button type="link" size="small" onClick={() => setAdjusting(r)}>
          余额调整
        </Button>
      ),
    },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <AgentSettingsCard />
      <ProfitRatesCard />
      <PageTable<AgentRow>
        title="代理商管理"
        queryKey={walletKeys.agents()}
        fetcher={fetchAdminAgents}
        columns={columns}
        rowKey="id"
        filterFields={
          <Form.Item name="keyword">
            <Input
              aria-label="代理商名称/账号"
              placeholder="代理商名称/账号"
              allowClear
              style={{ width: 180 }}
            />
          </Form.Item>
        }
      />
      <AdjustModal agent={adjusting} onClose={() => setAdjusting(null)} onDone={() => setAdjusting(null)} />
    </Space>
  );
}
