import { type ComputerMachineRow, type ComputerStatistics, fenToYuan, PAGE_SIZES } from '@netbar/contract';
import { Table, type TableColumnsType, Tag } from 'antd';
import { TotalsRow } from '../../../components/totals-row';

const pct = (v: number) => `${(Math.round(v * 1000) / 10).toFixed(1)}%`;

/** Per machine: sessions, minutes, average length, online fees, utilisation; idle machines tagged 闲置. */
export function MachineUsageTable({ data, many }: { data: ComputerStatistics; many: boolean }) {
  const columns: TableColumnsType<ComputerMachineRow> = [
    ...(many ? [{ title: '门店', dataIndex: 'store_name', width: 130 }] : []),
    { title: '区域', dataIndex: 'area_name', width: 100 },
    {
      title: '机器',
      dataIndex: 'name',
      width: 120,
      render: (v: string, r) => (
        <>
          {v} {r.idle && <Tag color="orange">闲置</Tag>}
        </>
      ),
    },
    { title: '当前状态', dataIndex: 'state', width: 90 },
    {
      title: '上机次数',
      dataIndex: 'sessions',
      width: 90,
      align: 'right',
      sorter: (a, b) => a.sessions - b.sessions,
    },
    {
      title: '使用时长(分钟)',
      dataIndex: 'minutes',
      width: 120,
      align: 'right',
      sorter: (a, b) => a.minutes - b.minutes,
    },
    { title: '平均每次(分钟)', dataIndex: 'avg_minutes', width: 120, align: 'right' },
    {
      title: '上网费(元)',
      dataIndex: 'fee_fen',
      width: 110,
      align: 'right',
      render: (v: number) => fenToYuan(v),
      sorter: (a, b) => a.fee_fen - b.fee_fen,
    },
    {
      title: '使用率',
      dataIndex: 'utilisation',
      width: 90,
      align: 'right',
      render: pct,
      sorter: (a, b) => a.utilisation - b.utilisation,
    },
  ];
  const s = data.summary;
  return (
    <Table<ComputerMachineRow>
      size="small"
      rowKey="machine_id"
      columns={columns}
      dataSource={data.machines}
      scroll={{ x: 'max-content' }}
      pagination={{
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showTotal: (n) => `共 ${n} 台`,
      }}
      summary={() => (
        <TotalsRow
          cells={[
            ...(many ? [''] : []),
            `${s.idle_machines} 台闲置`,
            '',
            s.sessions,
            data.machines.reduce((t, m) => t + m.minutes, 0),
            s.avg_minutes,
            fenToYuan(s.fee_fen),
            pct(s.utilisation),
          ]}
        />
      )}
    />
  );
}
