import {
  fenToYuan,
  MEMBER_LEDGER_KIND_LABELS,
  MEMBER_LEDGER_KINDS,
  type MemberLedgerRow,
} from '@netbar/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { fetchLedger } from '../api/member-api';
import { memberKeys } from '../api/member-keys';

const signed = (f: number) => (f === 0 ? '' : `${f > 0 ? '+' : ''}${fenToYuan(f)}`);
const columns: TableColumnsType<MemberLedgerRow> = [
  { title: '时间', dataIndex: 'at', width: 160 },
  {
    title: '类型',
    dataIndex: 'kind',
    width: 80,
    render: (k: MemberLedgerRow['kind']) => MEMBER_LEDGER_KIND_LABELS[k],
  },
  { title: '本金', dataIndex: 'principal_delta', width: 90, align: 'right', render: signed },
  {
    title: '本金余额',
    dataIndex: 'principal_after',
    width: 90,
    align: 'right',
    render: (f: number) => fenToYuan(f),
  },
  { title: '奖励', dataIndex: 'bonus_delta', width: 80, align: 'right', render: signed },
  {
    title: '奖励余额',
    dataIndex: 'bonus_after',
    width: 90,
    align: 'right',
    render: (f: number) => fenToYuan(f),
  },
  {
    title: '积分',
    dataIndex: 'points_delta',
    width: 70,
    align: 'right',
    render: (p: number) => (p ? `${p > 0 ? '+' : ''}${p}` : ''),
  },
  {
    title: '免费时长',
    dataIndex: 'minutes_delta',
    width: 80,
    align: 'right',
    render: (m: number) => (m ? `${m > 0 ? '+' : ''}${m}分钟` : ''),
  },
  { title: '单号', dataIndex: 'ref_no', width: 120 },
  { title: '门店', dataIndex: 'netbar_name', width: 120, ellipsis: true },
  { title: '操作人', dataIndex: 'user_name', width: 80 },
  { title: '备注', dataIndex: 'remark', ellipsis: true },
];

/** A member's ledger, newest first, by kind (全部, 充值, 消费 ...), 10 rows a page. */
export function MemberLedgerTable({ memberId }: { memberId: number }) {
  const [kind, setKind] = useState<string>('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: [...memberKeys.ledger(memberId), kind, page],
    queryFn: () => fetchLedger({ member_id: memberId, kind, page, page_size: 10 }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Segmented
        aria-label="流水类型"
        value={kind}
        onChange={(v) => {
          setKind(String(v));
          setPage(1);
        }}
        options={[
          { value: '', label: '全部' },
          ...MEMBER_LEDGER_KINDS.map((k) => ({ value: k, label: MEMBER_LEDGER_KIND_LABELS[k] })),
        ]}
        style={{ marginBottom: 12 }}
      />
      <Table<MemberLedgerRow>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: page,
          pageSize: 10,
          total: q.data?.count ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
    </>
  );
}
