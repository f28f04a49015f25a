import type { ActivityRow } from '@netbar/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ActivityForm } from '../components/activity-form';
import { ActivityTable } from '../components/activity-table';
import { GiftCodesDrawer } from '../components/gift-codes-drawer';

/** 礼包兑换 (/application_manage/jiftbag_xchange 10512): gift bags redeemed once per code, codes in batches or typed. */
export default function GiftBagPage() {
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<ActivityRow | undefined>();
  return (
    <>
      <ActivityTable
        kind="gift_code"
        toolbar={
          <Button type="primary" onClick={() => setOpen(true)}>
            新建礼包
          </Button>
        }
        extraOps={(r) => (
          <Button type="link" size="small" onClick={() => setCodes(r)}>
            礼包码
          </Button>
        )}
      />
      <ActivityForm kind="gift_code" open={open} onClose={() => setOpen(false)} />
      <GiftCodesDrawer activity={codes} onClose={() => setCodes(undefined)} />
    </>
  );
}
