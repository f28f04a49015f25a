import type { GameActivityRow } from '@netbar/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import GameSettingsPage from './game-settings-page';
import { sentBody } from './kind-fixtures';

const { notifyError, success, rejections } = dialogHarness();
const PATTERN = '/application_manage/sctivitysettings/:type';

const game = (over: Partial<GameActivityRow>): GameActivityRow => ({
  id: 1,
  game_type: 'PUBG',
  name: '绝地求生周末赛',
  state: 'running',
  starts_at: '2026-01-01 00:00:00',
  ends_at: '2026-02-01 00:00:00',
  budget_fen: 300_000,
  spent_fen: 6_000,
  claims: 12,
  members: 9,
  pending: 2,
  tasks: [
    {
      prize_id: 11,
      name: '今日吃鸡1次',
      metric: 'wins',
      target: 1,
      period: 'day',
      reward_kind: 'bonus',
      amount: 500,
      cost_fen: 500,
      quantity: 200,
      issued: 12,
    },
  ],
  ...over,
});

describe('赛事活动设置 page', { timeout: 60_000 }, () => {
  it('lists the game type’s activities with tasks, rewards paid, budget and the moves their state allows', async () => {
    const seen = mockServer((c) =>
      ends(c, 'game_list')
        ? page([game({}), game({ id: 2, name: '新赛季', state: 'draft', spent_fen: 0 })])
        : ok(null),
    );
    renderAt('/application_manage/sctivitysettings/PUBG', PATTERN, <GameSettingsPage />);
    const row = (await screen.findByText('绝地求生周末赛')).closest('tr') as HTMLElement;
    expect(within(row).getByText('进行中')).toBeTruthy();
    expect(within(row).getByText(/每日胜场达到1场 → 奖励金5\.00元（已发 12\/200）/)).toBeTruthy();
    expect(within(row).getByText('3,000.00 / 60.00')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '暂停' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: '排行榜' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    const draft = screen.getByText('新赛季').closest('tr') as HTMLElement;
    expect(within(draft).getByRole('button', { name: '发布' })).toBeTruthy();
    expect(within(draft).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '新建绝地求生活动' })).toBeTruthy();
    const list = seen.find((c) => ends(c, 'game_list'))!;
    expect(list.params).toMatchObject({ game_type: 'PUBG' });
  });

  it('a save the server refuses shows its Chinese message and keeps the dialog open', async () => {
    const msg = '奖池总价值超过活动预算（奖池2000.00元，预算100.00元）';
    const saves: Record<string, string>[] = [];
    mockServer((c) => {
      if (ends(c, 'game_list')) return page([]);
      if (ends(c, 'game_save')) {
        saves.push(sentBody(c.data));
        return refused(msg);
      }
      return ok(null);
    });
    renderAt('/application_manage/sctivitysettings/PUBG', PATTERN, <GameSettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '新建绝地求生活动' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新建绝地求生活动')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(msg));
    expect(saves).toHaveLength(1);
    expect(saves[0]!.game_type).toBe('PUBG');
    expect(saves[0]!.budget_fen).toBe('300000');
    expect(JSON.parse(saves[0]!.tasks!)).toEqual([
      {
        name: '今日吃鸡1次',
        metric: 'wins',
        target: 1,
        period: 'day',
        reward_kind: 'bonus',
        amount: 500,
        cost_fen: 500,
        quantity: 200,
      },
      {
        name: '累计游戏2小时',
        metric: 'minutes',
        target: 120,
        period: 'activity',
        reward_kind: 'points',
        amount: 200,
        cost_fen: 200,
        quantity: 500,
      },
    ]);
    await settle();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });

  it('编辑 a draft fills its tasks and sends its id', async () => {
    const saves: Record<string, string>[] = [];
    const draft = game({ id: 8, name: '三国杀周赛', game_type: 'ThreeKingdomsKill', state: 'draft' });
    mockServer((c) => {
      if (ends(c, 'game_list')) return page([draft]);
      if (ends(c, 'game_save')) {
        saves.push(sentBody(c.data));
        return ok(draft, '保存成功');
      }
      return ok(null);
    });
    renderAt(
      '/application_manage/three_kingdoms_kill/ThreeKingdomsKill',
      '/application_manage/three_kingdoms_kill/:type',
      <GameSettingsPage />,
    );
    const row = (await screen.findByText('三国杀周赛')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑三国杀活动')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.id).toBe('8');
    expect(saves[0]!.game_type).toBe('ThreeKingdomsKill');
    expect(JSON.parse(saves[0]!.tasks!)).toEqual([
      {
        name: '今日吃鸡1次',
        metric: 'wins',
        target: 1,
        period: 'day',
        reward_kind: 'bonus',
        amount: 500,
        cost_fen: 500,
        quantity: 200,
      },
    ]);
    await waitFor(() => expect(success).toHaveBeenCalled());
  });

  it('an unknown game type says so and loads nothing', async () => {
    const seen = mockServer(() => ok(null));
    renderAt('/application_manage/sctivitysettings/Minecraft', PATTERN, <GameSettingsPage />);
    expect(await screen.findByText('游戏类型不正确')).toBeTruthy();
    expect(seen).toEqual([]);
  });
});
