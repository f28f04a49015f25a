import { type LiveSeat, MACHINE_STATES } from '@netbar/contract';
import { Badge, Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLiveMap } from '../api/venue-queries';
import { LiveSeatTile } from '../components/live-seat';
import { MachineDrawer } from '../components/machine-drawer';
import { RedeemBox } from '../components/reservation-list';
import { SeatGrid } from '../components/seat-grid';
import { seatLook } from '../components/seat-style';

/** /diagram_detail (4002): the live seat map, each seat coloured by state, redrawn on SEATS (60 s poll). */
export default function DiagramDetailPage() {
  const live = useLiveMap();
  const [openId, setOpenId] = useState<number | null>(null);
  const areas = live.data ?? [];
  const seats = areas.flatMap((a) => a.seats);
  const open = seats.find((s) => s.id === openId) ?? null;
  const counts = Object.fromEntries(
    MACHINE_STATES.map((st) => [st, seats.filter((s) => s.state === st).length]),
  );
  return (
    <Card
      title="实时机位图"
      extra={
        <Space>
          <RedeemBox />
          <Link to="/application_manage/machine_position_diagram">
            <Button>编辑机位图</Button>
          </Link>
        </Space>
      }
    >
      <Space wrap size="middle" style={{ marginBottom: 16 }} data-testid="state-legend">
        <Typography.Text>共 {seats.length} 台</Typography.Text>
        {MACHINE_STATES.map((st) => (
          <Badge key={st} color={String(seatLook(st).background)} text={`${st} ${counts[st]}`} />
        ))}
        {live.isFetching ? <Spin size="small" /> : null}
      </Space>
      {live.isLoading ? <Spin /> : null}
      {!live.isLoading && !areas.length ? (
        <Empty description="还没有区域和机器，请先在应用中心的「机位图」中添加" />
      ) : null}
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {areas.map((a) => {
          const byId = new Map(a.seats.map((s) => [s.id, s]));
          return (
            <Card
              key={a.id}
              size="small"
              type="inner"
              title={
                <Space>
                  <span
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      borderRadius: 2,
                      background: a.colour,
                    }}
                  />
                  {a.name}
                  <Tag>{a.seats.length}台</Tag>
                  <Tag color="green">空闲 {a.seats.filter((s) => s.state === '空闲').length}</Tag>
                </Space>
              }
              extra={
                a.unplaced ? (
                  <Typography.Text type="warning">{a.unplaced}台未放置到地图</Typography.Text>
                ) : null
              }
            >
              {a.cells.length ? (
                <SeatGrid
                  label={`${a.name}实时机位图`}
                  cols={a.cols}
                  rows={a.rows}
                  cells={a.cells}
                  renderMachine={(c) => {
                    const seat = byId.get(c.machine_id ?? 0) as LiveSeat;
                    return <LiveSeatTile seat={seat} onOpen={(s) => setOpenId(s.id)} />;
                  }}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该区域还没有绘制机位图" />
              )}
            </Card>
          );
        })}
      </Space>
      <MachineDrawer seat={open} onClose={() => setOpenId(null)} />
    </Card>
  );
}
