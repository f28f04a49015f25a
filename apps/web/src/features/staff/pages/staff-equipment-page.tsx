import { DownloadOutlined } from '@ant-design/icons';
import type { InstallStatRow } from '@netbar/contract';
import { Button, Card, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { type DateRange, DateRangeFilter, dateRangeQuery } from '../../../components/date-range-filter';
import { TotalsRow } from '../../../components/totals-row';
import { useExportInstall } from '../api/staff-mutations';
import { useInstallStats } from '../api/staff-queries';

const columns: TableColumnsType<InstallStatRow> = [
  { title: '员工', dataIndex: 'true_name' },
  { title: '期间登记网吧', dataIndex: 'registered', align: 'right' },
  { title: '负责网吧', dataIndex: 'assigned', align: 'right' },
  { title: '负责机器数', dataIndex: 'machines', align: 'right' },
];

/** /staffManage/staffEquipment: netbars each staff member brought in or looks after, per period. */
export default function StaffEquipmentPage() {
  const [range, setRange] = useState<DateRange>(null);
  const params = dateRangeQuery(range);
  const q = useInstallStats(params);
  const exporter = useExportInstall();
  const total = q.data?.total;
  return (
    <Card
      title="员工装机统计"
      extra={
        <Space>
          <DateRangeFilter value={range} onChange={setRange} />
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.isPending}
            onClick={() => exporter.mutate(params)}
          >
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
