import { DRAW_FROM_LABELS, type DrawFrom } from '@netbar/contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useModeState } from '../../../components/use-mode-form';
import { fetchLiveDraws, type KindActivityRow } from '../api/activity-api';
import { ActivityTable } from '../components/activity-table';
import { DrawResultDrawer } from '../components/draw-result-drawer';
import { LiveDrawForm } from '../components/live-draw-form';

/**
 * 直播抽奖 (/application_manage/live_draw 10516, decision 178): draws at a set time among the members online
 * (or checked in that day); the list shows the draw time, who takes part, the prizes drawn and the budget,
 * 中奖名单 once drawn. The winners are also announced on every console of the store through the live
 * channel when the draw runs (the header's notification), and this list reloads then.
 */
export default function LiveDrawPage() {
  const dialog = useModeState<KindActivityRow>();
  const [result, setResult] = useState<KindActivityRow | undefined>();
  return (
    <>
      <ActivityTable<KindActivityRow>
        kind="live_draw"
        fetcher={fetchLiveDraws}
        toolbar={
          <Button type="primary" onClick={dialog.add}>
            新建直播抽奖
          </Button>
        }
        adjustColumns={(cols) =>
          cols.flatMap((c) =>
            c.key === 'time'
              ? [
                  {
                    title: '开奖时间',
                    key: 'time',
                    width: 140,
                    render: (_: unknown, r: KindActivityRow) => r.starts_at.slice(0, 16),
                  },
                  {
                    title: '抽奖范围',
                    key: 'from',
                    width: 120,
                    render: (_: unknown, r: KindActivityRow) =>
                      DRAW_FROM_LABELS[r.draw_from as DrawFrom] ?? r.draw_from,
                  },
                  {
                    title: '开奖',
                    key: 'drawn',
                    width: 90,
                    render: (_: unknown, r: KindActivityRow) =>
                      r.drawn_at ? (
                        <Tag color="green" title={`开奖于 ${r.drawn_at}`}>
                          已开奖
                        </Tag>
                      ) : (
                        <Tag>待开奖</Tag>
                      ),
                  },
                ]
              : c.title === '参与次数'
                ? []
                : c.title === '参与人数'
                  ? [{ ...c, title: '中奖人数' }]
                  : [c],
          )
        }
        extraOps={(r) => (
          <>
            {r.state === 'draft' && (
              <Button type="link" size="small" onClick={() => dialog.edit(r)}>
                编辑
              </Button>
            )}
            {r.drawn_at && (
              <Button type="link" size="small" onClick={() => setResult(r)}>
                中奖名单
              </Button>
            )}
          </>
        )}
      />
      <LiveDrawForm state={dialog.state} onClose={dialog.close} />
      <DrawResultDrawer activity={result} onClose={() => setResult(undefined)} />
    </>
  );
}
