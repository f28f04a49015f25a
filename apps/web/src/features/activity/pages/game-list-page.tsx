import type { GameCard } from '@netbar/contract';
import { Drawer, Tabs } from 'antd';
import { useState } from 'react';
import { GameCards } from '../components/game-cards';
import { GameLeaderboard } from '../components/game-leaderboard';
import { GameResultsTable } from '../components/game-results-table';

/**
 * 赛事活动 (/application_manage/ActivityGameList 10505, decision 181): a card per game (英雄联盟 … 三国杀) with
 * its activity's state, the results waiting for staff (截图成绩 确认/驳回) and each game's leaderboard.
 */
export default function GameListPage() {
  const [board, setBoard] = useState<GameCard | undefined>();
  return (
    <>
      <Tabs
        items={[
          { key: 'games', label: '游戏赛事', children: <GameCards onBoard={setBoard} /> },
          { key: 'results', label: '成绩审核', children: <GameResultsTable /> },
        ]}
      />
      <Drawer
        open={!!board}
        onClose={() => setBoard(undefined)}
        size={640}
        title={board?.activity ? `${board.title}排行榜 · ${board.activity.name}` : ''}
        destroyOnHidden
      >
        {board?.activity && <GameLeaderboard activityId={board.activity.id} />}
      </Drawer>
    </>
  );
}
