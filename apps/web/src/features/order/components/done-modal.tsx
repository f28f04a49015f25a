import { fenToYuan, type OrderResult, type RenderedReceipt } from '@netbar/contract';
import { Alert, Button, Modal, Result } from 'antd';
import { DrawOffer } from './draw-offer';
import { printReceiptSheet, ReceiptSheet } from './receipt-sheet';

/**
 * After payment: the order number and the change to hand back (large), any stock warnings, and the
 * receipt ready to print (P prints, Enter or Esc goes back to the counter); a member order reaching a
 * running 收银抽奖 offers 「抽奖」.
 */
export function DoneModal({
  result,
  receipt,
  onClose,
}: {
  result: OrderResult;
  receipt: RenderedReceipt;
  onClose: () => void;
}) {
  const print = () => printReceiptSheet(receipt.paper_mm);
  const unpaid = result.order.status === 'unpaid';
  return (
    <Modal
      open
      title={unpaid ? '已下单' : '收款成功'}
      width={520}
      onCancel={onClose}
      footer={[
        <Button key="print" onClick={print}>
          打印小票（P）
        </Button>,
        <Button key="next" type="primary" autoFocus onClick={onClose}>
          继续收银（Enter）
        </Button>,
      ]}
    >
      <div
        onKeyDown={(e) => {
          if (e.key === 'p' || e.key === 'P') {
            e.preventDefault();
            print();
          }
        }}
      >
        <Result
          status="success"
          title={
            unpaid
              ? `待结账 ¥${fenToYuan(result.order.total_fen)}`
              : result.change_fen > 0
                ? `找零 ¥${fenToYuan(result.change_fen)}`
                : `实收 ¥${fenToYuan(result.order.paid_fen)}`
          }
          subTitle={`单号 ${result.order.order_no} · 合计 ¥${fenToYuan(result.order.total_fen)}`}
          style={{ padding: '8px 0' }}
        />
        {!unpaid && <DrawOffer orderNo={result.order.order_no} member={!!result.order.member_id} />}
        {result.warnings.map((w) => (
          <Alert key={w} type="warning" showIcon title={w} style={{ marginBottom: 8 }} />
        ))}
        <ReceiptSheet receipt={receipt} />
      </div>
    </Modal>
  );
}
