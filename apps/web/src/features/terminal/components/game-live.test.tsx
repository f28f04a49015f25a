import { ConsoleKind, type GameCard, UserType, type WsOutbound } from '@netbar/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppState } from '../../../lib/app-state';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import GameListPage from '../../activity/pages/game-list-page';
import type { LiveSocketHandlers } from '../live-socket';
import { TerminalInbox } from './terminal-inbox';

// the frames the socket would pass on are fed in directly (live-socket.test.ts covers the socket)
const live = vi.hoisted(() => ({ handlers: [] as LiveSocketHandlers[] }));
vi.mock('../live-socket', () => ({
  openLiveSocket: (h: LiveSocketHandlers) => {
    live.handlers.push(h);
    return { stop: () => undefined };
  },
}));
const send = (m: WsOutbound) => act(() => live.handlers.at(-1)!.onMessage(m));

/** The PUBG card as the server answers it: `members` winners, `pending` results waiting for staff. */
const card = (members: number, pending: number, spent_fen: number): GameCard => ({
  game_type: 'PUBG',
  title: '绝地求生',
  path: '/application_manage/sctivitysettings/PUBG',
  activities: 1,
  activity: {
    id: 9,
    game_type: 'PUBG',
    name: '绝地求生周末赛',
    state: 'running',
    starts_at: '2026-01-10 00:00:00',
    ends_at: '2026-01-20 00:00:00',
    budget_fen: 20_000,
    spent_fen,
    claims: members,
    members,
    pending,
    tasks: [],
  },
});

dialogHarness();

describe('赛事活动 live (GAME 106, decision 187)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    live.handlers = [];
    useAppState.setState({ user: makeUser(UserType.Netbar, { nid: 1 }) });
  });
  afterEach(() => useAppState.setState({ user: null }));

  it('an open 赛事活动 page shows a result recorded on a PC without a reload', async () => {
    let answer = card(0, 0, 0);
    const seen = mockServer((c) =>
      ends(c, 'game_overview')
        ? ok([answer])
        : ends(c, 'terminal_message_pending')
          ? ok({ list: [] })
          : ok({ list: [], total: 0 }),
    );
    renderAt(
      '/application_manage/ActivityGameList',
      '/application_manage/ActivityGameList',
      <>
        <TerminalInbox />
        <GameListPage />
      </>,
    );
    const pubg = await screen.findByTestId('game-card-PUBG');
    await within(pubg).findByText('获奖人数 0');
    await waitFor(() => expect(live.handlers).toHaveLength(1));
    const asked = () => seen.filter((c) => ends(c, 'game_overview')).length;
    const before = asked();

    // a PC's win completed a task: the card's figures follow
    answer = card(1, 0, 500);
    send({ type: ConsoleKind.GAME, activity_id: 9, result_id: 31, status: 'accepted', paid: 1 });
    expect(await within(pubg).findByText('获奖人数 1')).toBeTruthy();
    expect(within(pubg).getByText('预算 200.00 / 已用 5.00 元')).toBeTruthy();
    expect(asked()).toBe(before + 1);

    // a screenshot result waits for staff: the badge appears and staff are told where to review
    answer = card(1, 1, 500);
    send({ type: ConsoleKind.GAME, activity_id: 9, result_id: 32, status: 'pending', paid: 0 });
    expect(await screen.findByText('赛事成绩待审核')).toBeTruthy();
    expect(await within(pubg).findByText('待确认')).toBeTruthy();
  });
});
