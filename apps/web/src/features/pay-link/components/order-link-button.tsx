import type { PayLinkRow } from '@netbar/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useOrderPayLink } from '../api/pay-link-mutations';
import { LinkQrModal } from './link-qr-modal';

const newRequestId = () => `olink-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/**
 * 生成付款链接 of an unpaid order (decision 176): a single-use link of the order's total, shown as a QR the
 * customer opens on a phone; paid, the order completes as if paid by scan at the counter.
 */
export function OrderLinkButton({ orderId }: { orderId: number }) {
  const [link, setLink] = useState<PayLinkRow | null>(null);
  const make = useOrderPayLink(setLink);
  return (
    <>
      <Button
        loading={make.isPending}
        onClick={() => make.mutate({ order_id: orderId, request_id: newRequestId() })}
      >
        生成付款链接
      </Button>
      <LinkQrModal link={link} onClose={() => setLink(null)} />
    </>
  );
}
