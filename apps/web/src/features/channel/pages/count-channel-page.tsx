import { DownloadOutlined } from '@ant-design/icons';
import { fenToYuan, type SubStaticsRow } from '@netbar/contract';
import { Button, Card, Empty, Space, Spin, Table, type TableColumnsType, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { type DateRange, DateRangeFilter, dateRangeQuery } from '../../../components/date-range-filter';
import { TotalsRow } from '../../../components/totals-row';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { useExportStatics } from '../api/channel-mutations';
import { useChannelStatics } from '../api/channel-queries';

const StaticsChart = lazy(() => import('../components/statics-chart'));

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
  const [range, setRange] = useState<DateRange>(() => [shanghaiNow().startOf('month'), shanghaiNow()]);
  const params = dateRangeQuery(range);
  const q = useChannelStatics(params);
  const exporter = useExportStatics();
  const list = q.data?.list ?? [];
  const total = q.data?.total;
  return (
    <Card
      title="渠道统计"
      extra={
        <Space>
          <DateRangeFilter value={range} onChange={setRange} lastMonth />
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
            total && <TotalsRow cells={[total.netbars, total.new_netbars, fenToYuan(total.spend_fen)]} />
          }
        />
      </Spin>
    </Card>
  );
}
