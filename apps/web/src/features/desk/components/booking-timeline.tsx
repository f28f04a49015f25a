import { BOOKING_STATUS_LABEL, type DeskBookingRow } from '@netbar/contract';
import { Alert, Button, DatePicker, Empty, Popconfirm, Popover, Space, Spin, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { useCancelBooking, useNoShow } from '../api/desk-mutations';
import { useBoard, useBookings } from '../api/desk-queries';
import { BookingModal } from './booking-modal';

const DAY_MIN = 24 * 60;
const HOURS = Array.from({ length: 12 }, (_, i) => `${String(i * 2).padStart(2, '0')}:00`);
const COLOURS: Record<DeskBookingRow['status'], string> = {
  booked: '#fa8c16',
  seated: '#52c41a',
  cancelled: '#bfbfbf',
  no_show: '#8c8c8c',
};

/** Where a booking sits on a day's 0-24 h axis, clipped to the day (a slot may cross midnight). */
export function slotOnDay(b: Pick<DeskBookingRow, 'start_at' | 'end_at'>, day: string) {
  const minutes = (s: string) =>
    s.slice(0, 10) < day
      ? 0
      : s.slice(0, 10) > day
        ? DAY_MIN
        : Number(s.slice(11, 13)) * 60 + Number(s.slice(14, 16));
  const from = minutes(b.start_at);
  const to = minutes(b.end_at);
  return { left: (from / DAY_MIN) * 100, width: (Math.max(to - from, 10) / DAY_MIN) * 100 };
}

/** 预订: one line per desk over the chosen day, each booking a bar; cancel or release a no-show from it. */
export function BookingTimeline() {
  const [day, setDay] = useState<Dayjs>(() => shanghaiNow().startOf('day'));
  const [adding, setAdding] = useState(false);
  const dayText = day.format('YYYY-MM-DD');
  const board = useBoard();
  const q = useBookings(dayText);
  const cancel = useCancelBooking({ success: '已取消预订' });
  const noShow = useNoShow({ success: '已释放该时段' });
  const desks = board.data ?? [];
  const bookings = (q.data ?? []).filter((b) => b.status !== 'cancelled');
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <DatePicker
          aria-label="预订日期"
          value={day}
          allowClear={false}
          onChange={(d) => d && setDay(d.startOf('day'))}
        />
        <Button onClick={() => setDay(shanghaiNow().startOf('day'))}>今天</Button>
        <Button type="primary" onClick={() => setAdding(true)}>
          新增预订
        </Button>
        <Typography.Text type="secondary">橙色已预订，绿色已到店，灰色未到店</Typography.Text>
      </Space>
      {(board.isLoading || q.isLoading) && <Spin />}
      {q.isError && <Alert type="error" showIcon title="加载预订失败" />}
      {desks.length === 0 && !board.isLoading ? (
        <Empty description="还没有包间或桌台" />
      ) : (
        <section aria-label={`${dayText}预订`} style={{ minWidth: 720 }}>
          <div style={{ display: 'flex', marginLeft: 120, color: '#666', fontSize: 12 }}>
            {HOURS.map((h) => (
              <span key={h} style={{ flex: 1 }}>
                {h}
              </span>
            ))}
          </div>
          {desks.map((d) => (
            <div
              key={d.id}
              style={{ display: 'flex', alignItems: 'center', height: 36, borderBottom: '1px solid #f0f0f0' }}
            >
              <span style={{ width: 120, flex: 'none' }}>{d.name}</span>
              <div style={{ position: 'relative', flex: 1, height: 24, background: '#fafafa' }}>
                {bookings
                  .filter((b) => b.desk_id === d.id)
                  .map((b) => {
                    const pos = slotOnDay(b, dayText);
                    return (
                      <Popover
                        key={b.id}
                        title={`${b.customer_name || b.member_name || '顾客'} ${b.mobile}`}
                        content={
                          <Space orientation="vertical">
                            <span>
                              {b.start_at.slice(5, 16)} 至 {b.end_at.slice(5, 16)} ·{' '}
                              {BOOKING_STATUS_LABEL[b.status]}
                            </span>
                            {b.remark && <span>备注：{b.remark}</span>}
                            {b.status === 'booked' && (
                              <Space>
                                <Popconfirm
                                  title="取消该预订？"
                                  okText="取消预订"
                                  cancelText="返回"
                                  onConfirm={() => cancel.mutate({ id: b.id })}
                                >
                                  <Button size="small" danger>
                                    取消预订
                                  </Button>
                                </Popconfirm>
                                <Button size="small" onClick={() => noShow.mutate(b.id)}>
                                  未到店
                                </Button>
                              </Space>
                            )}
                          </Space>
                        }
                      >
                        <button
                          type="button"
                          aria-label={`${d.name} ${b.start_at.slice(11, 16)}-${b.end_at.slice(11, 16)} ${BOOKING_STATUS_LABEL[b.status]}`}
                          style={{
                            position: 'absolute',
                            left: `${pos.left}%`,
                            width: `${pos.width}%`,
                            top: 0,
                            bottom: 0,
                            border: 0,
                            borderRadius: 4,
                            background: COLOURS[b.status],
                            color: '#fff',
                            fontSize: 12,
                            overflow: 'hidden',
                            whiteSpace: 'nowrap',
                            cursor: 'pointer',
                          }}
                        >
                          {b.start_at.slice(11, 16)} {b.customer_name || b.member_name}
                        </button>
                      </Popover>
                    );
                  })}
              </div>
            </div>
          ))}
        </section>
      )}
      <BookingModal open={adding} day={day} onClose={() => setAdding(false)} />
    </>
  );
}
