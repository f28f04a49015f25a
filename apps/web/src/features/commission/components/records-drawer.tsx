import {
  DEFAULT_PAGE_SIZE,
  fenToYuan,
  PERFORMANCE_FIGURE_LABELS,
  type PerformanceFigure,
  type PerformanceRecord,
} from '@netbar/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { fetchRecords, type Period } from '../api/commission-api';
import { commissionKeys } from '../api/commission-keys';

export interface Drill {
  user_id: number;
  name: string;
  figure: PerformanceFigure;
}

const MONEY: PerformanceFigure[] = ['goods', 'desk', 'lease', 'topup', 'refund'];

/** The records behind one figure of one staff member, a page at a time, with their sums. */
export function RecordsDrawer({
  period,
  drill,
  onClose,
}: {
  period: Period;
  drill: Drill | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const params = { ...period, user_id: drill?.user_id, figure: drill?.figure, page, page_size: pageSize };
  const q = useQuery({
    queryKey: [...commissionKeys.records(), params],
    queryFn: () => fetchRecords(params),
    enabled: !!drill,
    placeholderData: keepPreviousData,
  });
  const money = drill ? MONEY.includes(drill.figure) : true;
  const columns: TableColumnsType<PerformanceRecord> = [
    { title: '单号', dataIndex: 'ref_no' },
    ...(drill?.figure === 'refund' || drill?.figure === 'goods'
      ? [{ title: '订单号', dataIndex: 'order_no', render: (v: string) => v || '—' }]
      : []),
    { title: '时间', dataIndex: 'at', width: 170 },
    ...(money
      ? [
          {
            title: '金额(元)',
            dataIndex: 'basis_fen',
            align: 'right' as const,
            render: (f: number) => fenToYuan(f),
          },
        ]
      : []),
    { title: '适用规则', dataIndex: 'rule_label' },
    { title: '提成(元)', dataIndex: 'commission_fen', align: 'right', render: (f: number) => fenToYuan(f) },
  ];
  const d = q.data;
  return (
    <Drawer
      title={drill ? `${drill.name} · ${PERFORMANCE_FIGURE_LABELS[drill.figure]}明细` : ''}
      open={!!drill}
      onClose={onClose}
      size={860}
      destroyOnHidden
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="期间">
          {period.start} 至 {period.end}
        </Descriptions.Item>
        <Descriptions.Item label="记录数">{d?.count ?? 0}</Descriptions.Item>
        {money && (
          <Descriptions.Item label="金额合计">{fenToYuan(d?.totals.basis_fen ?? 0)}元</Descriptions.Item>
        )}
        <Descriptions.Item label="提成合计">{fenToYuan(d?.totals.commission_fen ?? 0)}元</Descriptions.Item>
      </Descriptions>
      <Table<PerformanceRecord>
        rowKey={(r) => `${r.ref_no}-${r.at}`}
        size="small"
        loading={q.isFetching}
        columns={columns}
        dataSource={d?.list ?? []}
        pagination={{
          current: page,
          pageSize,
          total: d?.count ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p, s) => {
            setPage(s === pageSize ? p : 1);
            setPageSize(s);
          },
        }}
      />
    </Drawer>
  );
}
