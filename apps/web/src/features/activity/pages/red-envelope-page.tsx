import type { ActivityRow } from '@netbar/contract';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ActivityForm } from '../components/activity-form';
import { ActivityTable } from '../components/activity-table';

/** 发放时段 after 活动时间: when the envelopes go out each day (e.g. 20:00-20:10). */
const withWindows = (c: TableColumnsType<ActivityRow>): TableColumnsType<ActivityRow> => {
  const at = c.findIndex((x) => x.key === 'time') + 1;
  const col: TableColumnsType<ActivityRow>[number] = {
    title: '发放时段',
    key: 'windows',
    width: 110,
    render: (_, r) =>
      r.windows.map((w) => (
        <div key={w.from} style={{ fontSize: 12 }}>
          每日 {w.from}-{w.to}
        </div>
      )),
  };
  return [...c.slice(0, at), col, ...c.slice(at)];
};

/** 线上红包 (/application_manage/online_red_envelope 10513): envelopes released at daily times to members online, first come within the pool. */
export default function RedEnvelopePage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActivityTable
        kind="red_envelope"
        adjustColumns={withWindows}
        toolbar={
          <Button type="primary" onClick={() => setOpen(true)}>
            新建红包
          </Button>
        }
      />
      <ActivityForm kind="red_envelope" open={open} onClose={() => setOpen(false)} />
    </>
  );
}
