import { GAME_TYPE_LABELS, type GameActivityRow, isGameType } from '@netbar/contract';
import { Button, Drawer, Result } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useModeState } from '../../../components/use-mode-form';
import { GameForm } from '../components/game-form';
import { GameLeaderboard } from '../components/game-leaderboard';
import { GameTable } from '../components/game-table';

/**
 * 英雄联盟活动设置 … 三国杀活动设置 (/application_manage/sctivitysettings/:type 10506 and
 * /application_manage/three_kingdoms_kill/:type 10507; decision 181): one game type's activities with their
 * tasks, rewards, schedule and budget; new and edit (a draft), the state moves and each one's leaderboard.
 */
export default function GameSettingsPage() {
  const type = useParams().type;
  const nav = useNavigate();
  const form = useModeState<GameActivityRow>();
  const [board, setBoard] = useState<GameActivityRow | undefined>();
  if (!isGameType(type))
    return (
      <Result
        status="404"
        title="游戏类型不正确"
        extra={<Button onClick={() => nav('/application_manage/ActivityGameList')}>返回赛事活动</Button>}
      />
    );
  return (
    <>
      <GameTable
        type={type}
        onEdit={form.edit}
        onBoard={setBoard}
        toolbar={
          <>
            <Button onClick={() => nav('/application_manage/ActivityGameList')}>返回赛事活动</Button>
            <Button type="primary" onClick={form.add}>
              新建{GAME_TYPE_LABELS[type]}活动
            </Button>
          </>
        }
      />
      <GameForm type={type} state={form.state} onClose={form.close} />
      <Drawer
        open={!!board}
        onClose={() => setBoard(undefined)}
        size={640}
        title={board ? `排行榜 · ${board.name}` : ''}
        destroyOnHidden
      >
        {board && <GameLeaderboard activityId={board.id} />}
      </Drawer>
    </>
  );
}
