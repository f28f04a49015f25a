import { END_REASONS, type SessionRow } from '@netbar/contract';
import { Button, DatePicker, Form, Select, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { type PageParams, PageTable } from '../../../components/page-table';
import { fetchHistory, fetchMachineChoices } from '../api/session-api';
import { sessionKeys } from '../api/session-keys';
import { SessionDetailDrawer } from './session-detail-drawer';
import { durationText, yuan } from './session-format';

type Filters = {
  period?: [Dayjs, Dayjs] | null;
  end_reason?: string;
  machine_id?: number;
  member_id?: number;
};

const REASON_COLOUR: Record<string, string> = { 下机: 'default', 强制下机: 'orange', 余额不足: 'red' };

const fetcher = ({ period, ...p }: PageParams<Filters>) =>
  fetchHistory({
    ...p,
    ...(period ? { start: period[0].format('YYYY-MM-DD'), end: period[1].format('YYYY-MM-DD') } : {}),
  });

const machineOptions = async () => (await fetchMachineChoices()).map((x) => ({ value: x.id, label: x.name }));

/** 上机记录: every session of the store, newest first (keyset pages), by member, machine, reason, dates. */
export function SessionHistoryTab({ memberId }: { memberId?: number }) {
  const [detail, setDetail] = useState<number | null>(null);
  const columns: TableColumnsType<SessionRow> = [
    { title: '会员', dataIndex: 'member_name', width: 100 },
    { title: '卡号', dataIndex: 'card_mask', width: 150 },
    { title: '机器', width: 130, render: (_, r) => `${r.machine_name}（${r.area_name}）` },
    { title: '上机时间', dataIndex: 'started_at', width: 165 },
    { title: '下机时间', dataIndex: 'ended_at', width: 165, render: (v: string | null) => v ?? '上机中' },
    { title: '时长', dataIndex: 'minutes', width: 100, render: (m: number) => durationText(m) },
    { title: '费用', dataIndex: 'charged_fen', width: 100, align: 'right', render: yuan },
    {
      title: '下机方式',
      dataIndex: 'end_reason',
      width: 100,
      render: (r: string | null) =>
        r ? <Tag color={REASON_COLOUR[r]}>{r}</Tag> : <Tag color="green">上机中</Tag>,
    },
    {
      title: '操作',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setDetail(r.id)}>
          计费明细
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageTable<SessionRow, Filters>
        queryKey={sessionKeys.history()}
        fetcher={fetcher}
        columns={columns}
        rowKey="id"
        initialFilters={memberId ? { member_id: memberId } : undefined}
        filterFields={
          <>
            <Form.Item name="period" label="上机日期">
              <DatePicker.RangePicker allowClear />
            </Form.Item>
            <Form.Item name="machine_id">
              <FilterSelect placeholder="全部机器" loader={machineOptions} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="end_reason">
              <Select
                aria-label="下机方式"
                placeholder="全部下机方式"
                allowClear
                style={{ width: 140 }}
                options={END_REASONS.map((r) => ({ value: r, label: r }))}
              />
            </Form.Item>
          </>
        }
      />
      <SessionDetailDrawer id={detail} onClose={() => setDetail(null)} />
    </>
  );
}
