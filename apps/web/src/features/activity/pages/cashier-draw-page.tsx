import { Button } from 'antd';
import { useState } from 'react';
import { ActivityForm } from '../components/activity-form';
import { ActivityTable } from '../components/activity-table';

/** 收银抽奖 (/application_manage/cashier_luck_draw 10514): a draw offered at the counter after a member order reaching the threshold, once per order. */
export default function CashierDrawPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActivityTable
        kind="cashier_draw"
        toolbar={
          <Button type="primary" onClick={() => setOpen(true)}>
            新建收银抽奖
          </Button>
        }
      />
      <ActivityForm kind="cashier_draw" open={open} onClose={() => setOpen(false)} />
    </>
  );
}
