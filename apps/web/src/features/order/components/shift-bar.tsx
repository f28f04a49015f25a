import { fenToYuan, fenToYuanPlain, yuanToFen } from '@netbar/contract';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { requestId } from '../api/order-api';
import { useOpenShift } from '../api/order-mutations';
import { useShift } from '../api/order-queries';

/**
 * Shift awareness at the counter: the open shift's number, float and expected cash; without one, a
 * prompt (once, on arrival) to open a shift with the float counted into the drawer — a sale without a
 * shift would open one with no float (decision 122).
 */
export function ShiftBar() {
  const q = useShift();
  const [asking, setAsking] = useState<boolean | null>(null);
  if (q.isPending || q.isError) return null;
  const { shift, figures } = q.data;
  if (shift)
    return (
      <Typography.Text type="secondary" data-testid="cashier-shift">
        当班 {shift.shift_no} · {shift.cashier_name} · 开班 {shift.opened_at.slice(5, 16)} · 备用金 ¥
        {fenToYuan(shift.float_fen)} · 应有现金 ¥{fenToYuan(figures?.expected_cash_fen ?? shift.float_fen)}
      </Typography.Text>
    );
  const open = asking ?? true;
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title="您还没有开班：请清点备用金后开班，收银流水将计入您的班次"
        action={
          <Button size="small" type="primary" onClick={() => setAsking(true)}>
            开班
          </Button>
        }
      />
      {open && <OpenShiftModal onClose={() => setAsking(false)} />}
    </>
  );
}

function OpenShiftModal({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const rid = useRef(requestId());
  const fen = yuanToFen(text || '0');
  const open = useOpenShift({ success: '开班成功', onSuccess: onClose });
  const submit = () => {
    if (fen === undefined || fen < 0 || open.isPending) return;
    open.mutate({ float_fen: fen, request_id: rid.current });
  };
  return (
    <Modal
      open
      title="开班"
      onCancel={onClose}
      okText="开班（Enter）"
      cancelText="稍后（Esc）"
      onOk={submit}
      okButtonProps={{ disabled: fen === undefined || fen < 0, loading: open.isPending }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>清点钱箱中的备用金（零钱），填写后开班：</Typography.Text>
        <Input
          autoFocus
          prefix="¥"
          aria-label="备用金"
          placeholder="0.00"
          inputMode="decimal"
          value={text}
          status={fen === undefined || (fen ?? 0) < 0 ? 'error' : undefined}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={submit}
          onBlur={() => fen !== undefined && fen >= 0 && text && setText(fenToYuanPlain(fen))}
        />
        {fen === undefined && <Typography.Text type="danger">请输入正确的金额，最多两位小数</Typography.Text>}
      </Space>
    </Modal>
  );
}
