import { DownloadOutlined } from '@ant-design/icons';
import type { InstallStatRow } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { type DateRange, DateRangeFilter, dateRangeQuery } from '../../../components/date-range-filter';
import { TotalsRow } from '../../../components/totals-row';
import { STAFF_KEY, staffApi } from '../api/staff-api';

const columns: TableColumnsType<InstallStatRow> = [
  { title: '员工', dataIndex: 'true_name' },
  { title: '期间登记网吧', dataIndex: 'registered', align: 'right' },
  { title: '负责网吧', dataIndex: 'assigned', align: 'right' },
  { title: '负责机器数', dataIndex: 'machines', align: 'right' },
];

/** /staffManage/staffEquipment: netbars each staff member brought in or looks after, per period. */
export default function StaffEquipmentPage() {
  const [range, setRange] = useState<DateRange>(null);
  const [exporting, setExporting] = useState(false);
  const params = dateRangeQuery(range);
  const q = useQuery({
    queryKey: [...STAFF_KEY, 'install', params],
    queryFn: () => staffApi.install(params),
  });
  const total = q.data?.total;
  const runExport = async () => {
    setExporting(true);
    try {
      await staffApi.exportInstall(params);
    } catch {
      // the request client showed the reason
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card
      title="员工装机统计"
      extra={
        <Space>
          <DateRangeFilter value={range} onChange={setRange} />
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport}>
            导出
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        按网吧的注册时间统计{range ? `（${params.date_from} 至 ${params.date_to}）` : '（全部时间）'}
        ：“登记网吧”为该员工注册的网吧，“负责网吧”为分配给该员工的网吧。
      </Typography.Paragraph>
      <Table<InstallStatRow>
        rowKey="id"
        columns={columns}
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        pagination={false}
        summary={() => total && <TotalsRow cells={[total.registered, total.assigned, total.machines]} />}
      />
    </Card>
  );
}
