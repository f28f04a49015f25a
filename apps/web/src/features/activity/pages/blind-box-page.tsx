import { Button } from 'antd';
import { useState } from 'react';
import { ActivityForm } from '../components/activity-form';
import { ActivityTable } from '../components/activity-table';

/** 幸运盲盒 (/application_manage/lucky_blind_box 10511): boxes bought with points or balance, prizes drawn by published odds. */
export default function BlindBoxPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActivityTable
        kind="blind_box"
        toolbar={
          <Button type="primary" onClick={() => setOpen(true)}>
            新建盲盒
          </Button>
        }
      />
      <ActivityForm kind="blind_box" open={open} onClose={() => setOpen(false)} />
    </>
  );
}
