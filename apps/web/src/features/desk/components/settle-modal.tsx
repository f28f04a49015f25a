import {
  cashRoundFen,
  DESK_PAY_METHOD_LABEL,
  DESK_PAY_METHODS,
  type DeskPayMethod,
  fenToYuan,
  yuanInputToFen,
} from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, InputNumber, Modal, Radio, Space, Spin, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { requestId } from '../api/desk-api';
import { deskKeys } from '../api/desk-keys';
import { useSettle } from '../api/desk-mutations';
import { useBill } from '../api/desk-queries';
import { DeskScanPanel } from './desk-scan-panel';

/**
 * 结账: the bill as of now (time fee, 低消补足, unpaid goods), the method, cash tendered and change. 扫码 shows
 * the QR of the bill and waits for the payment, which settles the table (decision 182).
 */
export function SettleModal({ sessionId, onClose }: { sessionId: number | null; onClose: () => void }) {
  const bill = useBill(sessionId);
  const [method, setMethod] = useState<DeskPayMethod>('cash');
  const [tendered, setTendered] = useState<number | null>(null);
  const rid = useRef(requestId());
  const [scanWaiting, setScanWaiting] = useState(false);
  const qc = useQueryClient();
  const scanPaid = useCallback(() => {
    void qc.invalidateQueries({ queryKey: deskKeys.all });
    onClose();
  }, [qc, onClose]);
  const settle = useSettle({
    success: (r) => (r.data.change_fen > 0 ? `结账成功，找零 ¥${fenToYuan(r.data.change_fen)}` : '结账成功'),
    onSuccess: () => {
      rid.current = requestId();
      onClose();
    },
  });
  if (!sessionId) return null;
  const b = bill.data;
  const tenderedFen = tendered == null ? undefined : yuanInputToFen(tendered);
  // 抹分 (decision 143): cash takes the bill in whole 角, as the server does
  const round = method === 'cash' && b ? cashRoundFen(b.due_fen) : 0;
  const due = b ? b.due_fen - round : 0;
  const short = method === 'cash' && b && tenderedFen !== undefined && tenderedFen < due;
  return (
    <Modal
      open
      title={b ? `结账 · ${b.desk_name}` : '结账'}
      okText="确认结账"
      onCancel={scanWaiting ? undefined : onClose}
      closable={!scanWaiting}
      cancelButtonProps={{ disabled: scanWaiting }}
      okButtonProps={{ disabled: !b || !!short }}
      // 扫码: the payment settles the table; the dialog only closes (not while a QR waits)
      footer={
        method === 'scan'
          ? [
              <Button key="close" onClick={onClose} disabled={scanWaiting}>
                关闭
              </Button>,
            ]
          : undefined
      }
      confirmLoading={settle.isPending}
      onOk={() =>
        settle.mutate({
          request_id: rid.current,
          session_id: sessionId,
          method,
          tendered_fen: method === 'cash' ? tenderedFen : undefined,
        })
      }
    >
      {bill.isLoading && <Spin />}
      {b && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="开台时间">{b.opened_at}</Descriptions.Item>
            <Descriptions.Item label="时长">
              {Math.floor(b.minutes / 60)}小时{b.minutes % 60}分钟（¥{fenToYuan(b.hourly_fen)}/小时）
            </Descriptions.Item>
            <Descriptions.Item label="时长费">¥{fenToYuan(b.time_fee_fen)}</Descriptions.Item>
            <Descriptions.Item label="商品">¥{fenToYuan(b.goods_fen)}</Descriptions.Item>
            {b.min_topup_fen > 0 && (
              <Descriptions.Item label="低消补足">
                ¥{fenToYuan(b.min_topup_fen)}（最低消费 ¥{fenToYuan(b.min_spend_fen)}）
              </Descriptions.Item>
            )}
            <Descriptions.Item label="应收">
              <Typography.Text strong type="danger" data-testid="desk-due">
                ¥{fenToYuan(b.due_fen)}
              </Typography.Text>
            </Descriptions.Item>
            {round > 0 && (
              <Descriptions.Item label="现金抹零">
                <span data-testid="desk-round">
                  ¥{fenToYuan(round)}，现金实收 ¥{fenToYuan(due)}
                </span>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Radio.Group
            value={method}
            disabled={scanWaiting}
            onChange={(e) => setMethod(e.target.value)}
            options={DESK_PAY_METHODS.map((m) => ({ value: m, label: DESK_PAY_METHOD_LABEL[m] }))}
          />
          {method === 'cash' && (
            <Space>
              <InputNumber
                aria-label="实收金额"
                addonBefore="实收 ¥"
                min={0}
                precision={2}
                value={tendered}
                onChange={setTendered}
              />
              {tenderedFen !== undefined && !short && (
                <Typography.Text>找零 ¥{fenToYuan(tenderedFen - due)}</Typography.Text>
              )}
            </Space>
          )}
          {method === 'scan' && (
            <DeskScanPanel sessionId={sessionId} onPaid={scanPaid} onWaiting={setScanWaiting} />
          )}
          {short && <Alert type="error" showIcon title="实收金额不能少于应收金额" />}
        </Space>
      )}
    </Modal>
  );
}
