import { Button } from 'antd';
import { useState } from 'react';
import { ActivityForm } from '../components/activity-form';
import { ActivityTable } from '../components/activity-table';

/** 线上红包 (/application_manage/online_red_envelope 10513): envelopes released at daily times to members online, first come within the pool. */
export default function RedEnvelopePage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActivityTable
        kind="red_envelope"
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
