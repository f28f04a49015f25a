import { Button } from 'antd';
import { useState } from 'react';
import { ActivityForm } from '../components/activity-form';
import { ActivityTable } from '../components/activity-table';

/** 会员签到 (/application_manage/member_sign 10510): daily check-in activities with streak rewards; members sign in on the PC. */
export default function MemberSignPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActivityTable
        kind="sign"
        toolbar={
          <Button type="primary" onClick={() => setOpen(true)}>
            新建签到活动
          </Button>
        }
      />
      <ActivityForm kind="sign" open={open} onClose={() => setOpen(false)} />
    </>
  );
}
