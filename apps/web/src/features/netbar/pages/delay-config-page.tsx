import type { NetbarRow } from '@netbar/contract';
import { Alert, Button, InputNumber, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { fetchNetbars } from '../api/netbar-api';
import { netbarKeys } from '../api/netbar-keys';
import { useSaveDelay } from '../api/netbar-mutations';
import { useDelayMax } from '../api/netbar-queries';

/** One netbar's grace days; saving reloads the delay list. */
function DelayCell({ row, max }: { row: NetbarRow; max: number }) {
  const [days, setDays] = useState<number | null>(row.delay_days);
  const saver = useSaveDelay({ success: '保存成功' });
  const save = () => saver.mutate({ netbarId: row.id, days: days ?? 0 });
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
  const limit = useDelayMax();
  const max = limit.data ?? 0;
  const columns: TableColumnsType<NetbarRow> = [
    { title: '网吧', dataIndex: 'name' },
    { title: '到期时间', dataIndex: 'expire_at', render: (v: string | null) => v ?? '未开通' },
    {
      title: '到期宽限',
      key: 'delay',
      render: (_, r) => <DelayCell row={r} max={max} />,
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
        queryKey={netbarKeys.delayList()}
        fetcher={(p) => fetchNetbars(p)}
        columns={columns}
        rowKey="id"
      />
    </Space>
  );
}
