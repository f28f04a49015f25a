import type { DrawWinner } from '@netbar/contract';
import { Descriptions, Drawer, Empty, Table } from 'antd';
import type { KindActivityRow } from '../api/activity-api';
import { useDrawResult } from '../api/activity-queries';

/** A winner's name as the PCs show it to the room: the first character, the rest masked (as the server masks it). */
export const maskName = (n: string) =>
  n.length <= 1 ? n : `${n.slice(0, 1)}${'*'.repeat(Math.min(n.length - 1, 3))}`;

/** 中奖名单: when it was drawn, among how many members, and the winners in draw order. */
export function DrawResultDrawer({ activity, onClose }: { activity?: KindActivityRow; onClose: () => void }) {
  const result = useDrawResult(activity?.id);
  const winners = result.data?.winners ?? [];
  return (
    <Drawer
      open={!!activity}
      onClose={onClose}
      size={560}
      title={activity ? `中奖名单 · ${activity.name}` : ''}
      destroyOnHidden
    >
      {activity && (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'at', label: '开奖时间', children: activity.drawn_at ?? '未开奖' },
              {
                key: 'c',
                label: '参与抽奖人数',
                children: result.data ? `${result.data.candidates} 人` : '…',
              },
              { key: 'w', label: '中奖人数', children: `${winners.length} 人` },
            ]}
          />
          <Table<DrawWinner & { n: number }>
            size="small"
            rowKey="n"
            loading={result.isPending}
            pagination={false}
            locale={{ emptyText: <Empty description="本次没有中奖会员" /> }}
            dataSource={winners.map((w, i) => ({ ...w, n: i + 1 }))}
            columns={[
              { title: '序号', dataIndex: 'n', width: 60 },
              { title: '会员', dataIndex: 'member_name' },
              {
                title: '电脑端显示',
                key: 'masked',
                render: (_, w) => maskName(w.member_name),
              },
              { title: '奖品', dataIndex: 'prize_name' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
