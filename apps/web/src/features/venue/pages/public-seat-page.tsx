import type { PublicSeat, ReservationDone } from '@netbar/contract';
import { Badge, Card, Empty, Result, Segmented, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { usePublicMap } from '../api/venue-queries';
import { PublicReserveForm } from '../components/public-reserve-form';
import { SeatGrid } from '../components/seat-grid';
import { STATE_COLOUR, seatLook } from '../components/seat-style';
import { SeatTile } from '../components/seat-tile';

/** A seat the customer cannot pick: pale, its name at 5.9:1; the one picked: dark blue with a ring. */
const TAKEN = { background: '#e8e8e8', color: 'rgba(0, 0, 0, 0.6)' };
const CHOSEN = { background: '#003eb3', color: '#fff' };

/**
 * /jiweitu (选座预订) and /diagram_preview (机位图预览): public, no login, reached by the store's link
 * ?token=…; free seats only, no member data. A customer picks a free seat and reserves it.
 */
export default function PublicSeatPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useLocation().pathname.startsWith('/diagram_preview');
  const map = usePublicMap(token);
  const [areaId, setAreaId] = useState<number>();
  const [picked, setPicked] = useState<PublicSeat | null>(null);
  const [done, setDone] = useState<ReservationDone | null>(null);

  if (!token || map.isError)
    return <Result status="404" title="链接无效或已失效" subTitle="请向门店前台索取新的预订链接或二维码" />;
  if (map.isLoading || !map.data)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  const { areas, store_name, hold_minutes } = map.data;
  const area = areas.find((a) => a.id === areaId) ?? areas[0];
  const free = areas.reduce((n, a) => n + a.seats.filter((s) => s.free).length, 0);
  const seats = new Map((area?.seats ?? []).map((s) => [s.id, s]));

  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: '16px 12px' }}>
      <Card style={{ maxWidth: 960, margin: '0 auto' }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {store_name} · {preview ? '机位图预览' : '选座预订'}
        </Typography.Title>
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text>当前空闲 {free} 台</Typography.Text>
          <Badge color={STATE_COLOUR.空闲} text="空闲可选" />
          <Badge color="#bfbfbf" text="不可选" />
          <Badge color="#003eb3" text="已选" />
        </Space>
        {areas.length ? (
          <>
            <Segmented
              block
              style={{ marginBottom: 12 }}
              value={area?.id}
              onChange={(v) => setAreaId(Number(v))}
              options={areas.map((a) => ({
                value: a.id,
                label: `${a.name}（空闲${a.seats.filter((s) => s.free).length}）`,
              }))}
            />
            {area ? (
              <SeatGrid
                label={`${area.name}机位图`}
                cols={area.cols}
                rows={area.rows}
                cells={area.cells}
                cellPx={44}
                renderMachine={(c) => {
                  const s = seats.get(c.machine_id ?? 0)!;
                  const chosen = picked?.id === s.id;
                  return (
                    <button
                      type="button"
                      aria-label={`${s.name} ${s.free ? '空闲' : '不可选'}`}
                      disabled={!s.free || !!done}
                      onClick={() => setPicked(chosen ? null : s)}
                      style={{
                        all: 'unset',
                        display: 'block',
                        width: '100%',
                        height: '100%',
                        cursor: s.free ? 'pointer' : 'not-allowed',
                      }}
                    >
                      <SeatTile
                        name={s.name}
                        look={chosen ? CHOSEN : s.free ? seatLook('空闲') : TAKEN}
                        selected={chosen}
                        style={{ fontSize: 12 }}
                      />
                    </button>
                  );
                }}
              />
            ) : null}
          </>
        ) : (
          <Empty description="门店暂未开放线上选座" />
        )}
        <div style={{ marginTop: 20 }}>
          <PublicReserveForm
            token={token}
            seat={picked}
            holdMinutes={hold_minutes}
            done={done}
            onDone={(d) => {
              setDone(d);
              setPicked(null);
            }}
          />
        </div>
      </Card>
    </div>
  );
}
