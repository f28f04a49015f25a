import {
  RESERVATION_STATUS_LABEL,
  RESERVATION_STATUSES,
  type ReservationRow,
  type ReservationStatus,
} from '@netbar/contract';
import { Button, Form, Input, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { fetchReservations } from '../api/venue-api';
import { venueKeys } from '../api/venue-keys';
import { useCancelReservation, useRedeem } from '../api/venue-mutations';

const COLOUR: Record<ReservationStatus, string> = {
  holding: 'orange',
  used: 'green',
  cancelled: 'default',
  expired: 'default',
};

/** 核销预订码: the customer arrived with the code. */
export function RedeemBox() {
  const [code, setCode] = useState('');
  const redeem = useRedeem({ success: (r) => r.msg, onSuccess: () => setCode('') });
  return (
    <Space.Compact>
      <Input
        aria-label="预订码"
        placeholder="输入6位预订码"
        value={code}
        maxLength={6}
        onChange={(e) => setCode(e.target.value.trim())}
        style={{ width: 150 }}
      />
      <Button type="primary" loading={redeem.isPending} onClick={() => redeem.mutate(code)}>
        核销
      </Button>
    </Space.Compact>
  );
}

/** 预订记录: every reservation of the store, newest first. */
export function ReservationList() {
  const cancel = useCancelReservation({ success: '已取消预订' });
  const columns: TableColumnsType<ReservationRow> = [
    { title: '机位', dataIndex: 'machine_name', width: 90 },
    { title: '姓名', dataIndex: 'name', width: 100, render: (v: string) => v || '-' },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    {
      title: '来源',
      dataIndex: 'source',
      width: 90,
      render: (s: string) => (s === 'public' ? '扫码预订' : '前台预订'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: ReservationStatus) => <Tag color={COLOUR[s]}>{RESERVATION_STATUS_LABEL[s]}</Tag>,
    },
    { title: '预订时间', dataIndex: 'created_at', width: 170 },
    { title: '保留至', dataIndex: 'expires_at', width: 170 },
    {
      title: '操作',
      width: 90,
      render: (_, r) =>
        r.status === 'holding' ? (
          <Popconfirm title="确定取消该预订？" onConfirm={() => cancel.mutate(r.id)}>
            <Button type="link" size="small" danger>
              取消
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <PageTable<ReservationRow>
      title="预订记录"
      queryKey={venueKeys.reservations()}
      fetcher={fetchReservations}
      columns={columns}
      rowKey="id"
      filterFields={
        <Form.Item name="status">
          <Select
            aria-label="预订状态"
            placeholder="全部状态"
            allowClear
            style={{ width: 120 }}
            options={RESERVATION_STATUSES.map((s) => ({ value: s, label: RESERVATION_STATUS_LABEL[s] }))}
          />
        </Form.Item>
      }
      toolbar={<RedeemBox />}
    />
  );
}
