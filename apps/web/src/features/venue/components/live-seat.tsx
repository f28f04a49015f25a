import { fenToYuan, type LiveSeat } from '@netbar/contract';
import { Tooltip } from 'antd';
import { seatLook } from './seat-style';
import { SeatTile } from './seat-tile';

const line = (label: string, value: string) => (
  <div>
    <span style={{ opacity: 0.75 }}>{label}：</span>
    {value}
  </div>
);

/** The hover card of a live seat: state, and who sits there (from the session domain) or who reserved it. */
export function seatHover(s: LiveSeat) {
  return (
    <div data-testid="seat-hover" style={{ minWidth: 160 }}>
      <div style={{ fontWeight: 600, marginBottom: 4 }}>
        {s.name} · {s.state}
      </div>
      {s.session ? (
        <>
          {line('会员', s.session.member_name)}
          {line('上机时间', s.session.started_at)}
          {line(
            '已上机',
            `${Math.floor(s.session.elapsed_minutes / 60)}小时${s.session.elapsed_minutes % 60}分钟`,
          )}
          {line('余额', `${fenToYuan(s.session.balance_fen)}元`)}
          {s.session.free_minutes ? line('免费时长', `${s.session.free_minutes}分钟`) : null}
        </>
      ) : (
        line('会员', '无')
      )}
      {s.reservation ? (
        <>
          {line('预订人', `${s.reservation.name || '顾客'} ${s.reservation.mobile}`)}
          {line('保留至', s.reservation.expires_at)}
        </>
      ) : null}
      {s.ip ? line('IP', s.ip) : null}
    </div>
  );
}

/** A seat of the live map: coloured by state; hover shows the details; click opens the drawer. */
export function LiveSeatTile({ seat, onOpen }: { seat: LiveSeat; onOpen: (s: LiveSeat) => void }) {
  return (
    <Tooltip title={seatHover(seat)} mouseEnterDelay={0.2}>
      <button
        type="button"
        aria-label={`${seat.name} ${seat.state}`}
        onClick={() => onOpen(seat)}
        style={{ all: 'unset', display: 'block', width: '100%', height: '100%', cursor: 'pointer' }}
      >
        <SeatTile name={seat.name} look={seatLook(seat.state)} sub={seat.state} />
      </button>
    </Tooltip>
  );
}
