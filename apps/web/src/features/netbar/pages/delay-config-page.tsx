import type { NetbarRow } from '@netbar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { feedback } from '../../../lib/feedback';
import { http } from '../../../lib/http';
import { fetchNetbars } from '../api/netbar-api';

const KEY = ['agent', 'delay'] as const;

function DelayCell({ row, max, onSaved }: { row: NetbarRow; max: number; onSaved: () => void }) {
  const [days, setDays] = useState<number | null>(row.delay_days);
  const save = async () => {
    try {
      await http.post('agent_delay_config_save', { netbar_ids: [row.id], delay_days: days ?? 0 });
      feedback.success('保存成功');
      onSaved();
    } catch {
      // shown by the request client
    }
  };
  return (
    <Space>
      <InputNumber
        aria-label={`${row.name}的延期天数`}
        min={0}
        max={max}
        value={days}
        onChange={setDays}
        addonAfter="天"
        style={{ width: 120 }}
      />
      <Button size="small" onClick={save} disabled={days === row.delay_days}>
        保存
      </Button>
    </Space>
  );
}

/** /netbarManage/delay_config: grace days after expiry, within the administrator's limit. */
export default function DelayConfigPage() {
  const qc = useQueryClient();
  const limit = useQuery({
    queryKey: [...KEY, 'max'],
    queryFn: async () =>
      (await http.get<{ delay_max_days: number }>('agent_delay_config')).data.delay_max_days,
  });
  const max = limit.data ?? 0;
  const columns: TableColumnsType<NetbarRow> = [
    { title: '网吧', dataIndex: 'name' },
    { title: '到期时间', dataIndex: 'expire_at', render: (v: string | null) => v ?? '未开通' },
    {
      title: '到期宽限',
      key: 'delay',
      render: (_, r) => (
        <DelayCell row={r} max={max} onSaved={() => qc.invalidateQueries({ queryKey: KEY })} />
      ),
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={`到期后在宽限天数内网吧可继续使用，宽限上限由平台设定为 ${max} 天。`}
      />
      <PageTable<NetbarRow>
        title="延期配置"
        queryKey={KEY}
        fetcher={(p) => fetchNetbars(p)}
        columns={columns}
        rowKey="id"
      />
    </Space>
  );
}
