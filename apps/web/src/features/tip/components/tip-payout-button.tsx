import { Button } from 'antd';
import { useState } from 'react';
import { PayoutModal } from './payout-modal';
import { useTipGrants } from './tip-grants';

/** 打赏发放 beside the shift's petty cash (当前班次), for whoever holds 2741; `onPaid` refreshes the shift. */
export function TipPayoutButton({ onPaid }: { onPaid?: () => void }) {
  const can = useTipGrants();
  const [open, setOpen] = useState(false);
  if (!can.payout) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>打赏发放</Button>
      <PayoutModal open={open} onClose={() => setOpen(false)} onPaid={onPaid} />
    </>
  );
}
