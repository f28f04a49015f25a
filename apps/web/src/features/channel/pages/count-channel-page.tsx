import { DownloadOutlined } from '@ant-design/icons';
import { fenToYuan, type SubStaticsRow } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Space, Spin, Table, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { CHANNEL_KEY, channelApi } from '../api/channel-api';

const StaticsChart = lazy(() => import('../components/statics-chart'));

type Range = [Dayjs, Dayjs] | null;
const toQuery = (r: Range) =>
  r ? { date_from: r[0].format('YYYY-MM-DD'), date_to: r[1].format('YYYY-MM-DD') } : {};

const columns: TableColumnsType<SubStaticsRow> = [
  { title: '渠道', dataIndex: 'name' },
  { title: '网吧总数', dataIndex: 'netbars', align: 'right' },
  { title: '期间新增网吧', dataIndex: 'new_netbars', align: 'right' },
  {
    title: '期间续费消费（元）',
    dataIndex: 'spend_fen',
    align: 'right',
    render: (v: number) => fenToYuan(v),
  },
];

/** /channelManage/countChannel: netbars and spending per sub-channel over a chosen period. */
export default function CountChannelPage() {
  const [range, setRange] = useState<Range>([dayjs().startOf('month'), dayjs()]);
  const [exporting, setExporting] = useState(false);
  const params = toQuery(range);
  const q = useQuery({
    queryKey: [...CHANNEL_KEY, 'statics', params],
    queryFn: () => channelApi.statics(params),
  });
  const list = q.data?.list ?? [];
  const total = q.data?.total;
  const runExport = async () => {
    setExporting(true);
    try {
      await channelApi.exportStatics(params);
    } catch {
      // the request client showed the reason
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card
      title="渠道统计"
      extra={
        <Space>
          <DatePicker.RangePicker
            value={range}
            allowClear
            onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
            presets={[
              { label: '本月', value: [dayjs().startOf('month'), dayjs()] },
              {
                label: '上月',
                value: [
                  dayjs().subtract(1, 'month').startOf('month'),
                  dayjs().subtract(1, 'month').endOf('month'),
                ],
              },
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
        网吧总数为当前数量；“期间新增网吧”和“期间续费消费”按所选日期统计{range ? '' : '（未选日期时为全部）'}
        。
      </Typography.Paragraph>
      <Spin spinning={q.isFetching}>
        {list.length > 0 ? (
          <Suspense fallback={<div style={{ height: 320 }} />}>
            <StaticsChart list={list} />
          </Suspense>
        ) : (
          !q.isLoading && <Empty description="暂无下级渠道" style={{ margin: '24px 0' }} />
        )}
        <Table<SubStaticsRow>
          rowKey="agent_id"
          columns={columns}
          dataSource={list}
          pagination={false}
          style={{ marginTop: 16 }}
          summary={() =>
            total && (
              <Table.Summary.Row style={{ fontWeight: 600 }}>
                <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {total.netbars}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {total.new_netbars}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {fenToYuan(total.spend_fen)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )
          }
        />
      </Spin>
    </Card>
  );
}
