import { DownloadOutlined } from '@ant-design/icons';
import type { InstallStatRow } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { STAFF_KEY, staffApi } from '../api/staff-api';

type Range = [Dayjs, Dayjs] | null;
const toQuery = (r: Range) =>
  r ? { date_from: r[0].format('YYYY-MM-DD'), date_to: r[1].format('YYYY-MM-DD') } : {};

const columns: TableColumnsType<InstallStatRow> = [
  { title: '员工', dataIndex: 'true_name' },
  { title: '期间登记网吧', dataIndex: 'registered', align: 'right' },
  { title: '负责网吧', dataIndex: 'assigned', align: 'right' },
  { title: '负责机器数', dataIndex: 'machines', align: 'right' },
];

/** /staffManage/staffEquipment: netbars each staff member brought in or looks after, per period. */
export default function StaffEquipmentPage() {
  const [range, setRange] = useState<Range>(null);
  const [exporting, setExporting] = useState(false);
  const params = toQuery(range);
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
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
            presets={[
              { label: '本月', value: [dayjs().startOf('month'), dayjs()] },
              { label: '近90天', value: [dayjs().subtract(89, 'day'), dayjs()] },
              { label: '今年', value: [dayjs().startOf('year'), dayjs()] },
            ]}
          />
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
        summary={() =>
          total && (
            <Table.Summary.Row style={{ fontWeight: 600 }}>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {total.registered}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {total.assigned}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {total.machines}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
    </Card>
  );
}
