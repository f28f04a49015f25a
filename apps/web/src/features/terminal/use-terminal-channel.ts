import {
  ConsoleKind,
  fenToYuan,
  MessageKind,
  type TerminalMessageRow,
  UserType,
  type WsOutbound,
} from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useAppState } from '../../lib/app-state';
import { emitLiveMessage } from '../../lib/live-events';
import { activityKeys } from '../activity/api/activity-keys';
import { gameKeys } from '../activity/api/game-keys';
import { venueKeys } from '../venue/api/venue-keys';
import { terminalKeys } from './api/terminal-messages';
import { describeMessage } from './describe';
import { openLiveSocket } from './live-socket';
import { armTone, chime } from './tone';

/** A burst of SEATS (a terminal's report, a row of logons) becomes one refetch of the map. */
const SEATS_COALESCE_MS = 200;

/** Store users (a netbar or its staff) hear their store's terminals; nobody else opens the socket. */
export function isStoreUser(user: { type: number; nid?: number } | null): boolean {
  return !!user && (user.type === UserType.Netbar || user.type === UserType.NetbarStaff) && !!user.nid;
}

/**
 * Opens the live channel while a store user is logged in, one socket per user and current store (a
 * store switch reconnects): new seat orders and calls join the pending list with a notification and a
 * chime; an acknowledgement from any console removes them everywhere. SEATS (machines changed state)
 * refetches the seat map and machine list, a burst coalesced into one refetch (decision 114).
 */
export function useTerminalChannel(): boolean {
  const user = useAppState((s) => s.user);
  const netbarLogin = useAppState((s) => s.netbarLogin);
  const enabled = isStoreUser(user) && !netbarLogin;
  const qc = useQueryClient();
  const { notification } = App.useApp();
  const key = enabled ? `${user?.id}:${user?.nid}` : '';

  useEffect(() => {
    if (!key) return undefined;
    const disarm = armTone();
    let seatsTimer: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const seatsChanged = () => {
      clearTimeout(seatsTimer);
      seatsTimer = setTimeout(() => {
        void qc.invalidateQueries({ queryKey: venueKeys.live() });
        void qc.invalidateQueries({ queryKey: venueKeys.machines() });
      }, SEATS_COALESCE_MS);
    };
    const setPending = (fn: (l: TerminalMessageRow[]) => TerminalMessageRow[]) =>
      qc.setQueryData<TerminalMessageRow[]>(terminalKeys.pending(), (old) => fn(old ?? []));
    const onMessage = (m: WsOutbound) => {
      // the voice announcer and any other listener hear every frame (decision 189)
      emitLiveMessage(m);
      if (m.type === MessageKind.BUY || m.type === MessageKind.CALL) {
        const { type, ...rest } = m;
        const row: TerminalMessageRow = { kind: type, ...rest };
        setPending((l) => (l.some((x) => x.id === row.id) ? l : [...l, row]));
        const d = describeMessage(row);
        notification.open({
          key: `terminal-${row.id}`,
          type: type === MessageKind.CALL ? 'warning' : 'info',
          title: d.title,
          description: d.detail,
          placement: 'bottomRight',
          duration: 8,
        });
        chime();
      } else if (m.type === MessageKind.BUY_DONE || m.type === MessageKind.CALL_DOWN) {
        setPending((l) => l.filter((x) => x.id !== m.id));
        notification.destroy(`terminal-${m.id}`);
      } else if (m.type === ConsoleKind.SEATS) {
        seatsChanged();
      } else if (m.type === ConsoleKind.TIP) {
        // a member tipped a staff member from a PC (decision 148)
        notification.success({
          title: `收到打赏 · ${m.staff_name}`,
          description: `${m.member_name || '会员'}${m.machine ? `（${m.machine}）` : ''}打赏 ¥${fenToYuan(m.amount_fen)}`,
          placement: 'bottomRight',
        });
      } else if (m.type === ConsoleKind.DRAW) {
        // a live draw was drawn (decision 178): its winners
        notification.success({
          title: `直播抽奖开奖 · ${m.name}`,
          description: m.winners.length
            ? m.winners.map((w) => `${w.member_name}：${w.prize_name}`).join('；')
            : '没有符合条件的会员，本次无人中奖',
          placement: 'bottomRight',
          duration: 0,
        });
        // 直播抽奖's list and 中奖名单 show the draw at once (decision 180)
        void qc.invalidateQueries({ queryKey: activityKeys.all });
      } else if (m.type === ConsoleKind.GAME) {
        // a 赛事 result recorded or reviewed (decision 187): cards, 成绩审核 and leaderboards reload
        void qc.invalidateQueries({ queryKey: gameKeys.all });
        if (m.status === 'pending')
          notification.info({
            key: `game-result-${m.result_id}`,
            title: '赛事成绩待审核',
            description: '有新的截图成绩，请在「赛事活动 · 成绩审核」确认或驳回',
            placement: 'bottomRight',
          });
      } else if (m.type === MessageKind.ALL) {
        notification.info({ title: `门店广播 · ${m.from}`, description: m.text, placement: 'bottomRight' });
      }
    };
    const socket = openLiveSocket({
      onMessage,
      onOpen: () => {
        void qc.invalidateQueries({ queryKey: terminalKeys.pending() });
        // a reconnection: the seats may have changed while the socket was down
        if (opened) seatsChanged();
        opened = true;
      },
      onSessionGone: () => void qc.invalidateQueries({ queryKey: terminalKeys.pending() }),
    });
    return () => {
      socket.stop();
      clearTimeout(seatsTimer);
      disarm();
    };
  }, [key, qc, notification]);
  return enabled;
}
