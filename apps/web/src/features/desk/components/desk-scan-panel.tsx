import { type CounterScanRow, type CounterScanType, fenToYuan } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Segmented, Space, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { cancelDeskScan, fetchDeskScanTypes, queryDeskScan, requestId, startDeskScan } from '../api/desk-api';

const POLL_MS = 1000;
const errText = (e: unknown) => (e instanceof HttpError ? e.message : '操作失败，请重试');

/**
 * 扫码收款 of a table's bill (decision 182): the bill as of the QR (its minutes are kept), 等待付款 polled
 * every second until the payment settles the table; 取消收款 closes the payment and the table stays open.
 */
export function DeskScanPanel({
  sessionId,
  onPaid,
  onWaiting,
}: {
  sessionId: number;
  onPaid: () => void;
  /** Whether a QR is waiting (the dialog may not be closed then). */
  onWaiting: (w: boolean) => void;
}) {
  const types = useQuery({ queryKey: ['desk', 'scan-types'], queryFn: fetchDeskScanTypes });
  const [payType, setPayType] = useState<CounterScanType | null>(null);
  const [row, setRow] = useState<CounterScanRow | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = payType ?? types.data?.[0]?.pay_type ?? null;
  const waiting = row?.status === 'waiting';

  useEffect(() => onWaiting(waiting), [waiting, onWaiting]);
  useEffect(() => {
    if (row?.status !== 'waiting') return;
    const timer = setInterval(() => {
      queryDeskScan(row.payment_no)
        .then((r) => {
          if (r.status === 'waiting') return;
          setRow(r);
          if (r.status === 'paid') setTimeout(onPaid, 1200);
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [row, onPaid]);

  const start = async () => {
    if (!chosen) return;
    setBusy(true);
    setError('');
    try {
      setRow(await startDeskScan({ session_id: sessionId, pay_type: chosen, request_id: requestId() }));
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    if (!row) return;
    setBusy(true);
    try {
      setRow(await cancelDeskScan(row.payment_no));
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };

  if (types.isPending) return <Spin />;
  if (!types.data?.length)
    return <Alert type="warning" showIcon title="本店收银台未启用扫码支付方式，请在 支付设置 中启用" />;
  return (
    <Space orientation="vertical" align="center" style={{ width: '100%' }} data-testid="desk-scan">
      <Segmented
        value={chosen ?? undefined}
        options={types.data.map((t) => ({ label: t.name, value: t.pay_type }))}
        onChange={(v) => setPayType(v as CounterScanType)}
        disabled={waiting || row?.status === 'paid'}
      />
      {waiting && row && (
        <>
          <Typography.Text strong>应收 ¥{fenToYuan(row.amount_fen)}（时长按出码时计）</Typography.Text>
          <a href={row.qr_payload} target="_blank" rel="noreferrer" data-testid="desk-scan-qr-link">
            <QRCodeSVG value={row.qr_payload} size={180} marginSize={2} title="顾客扫码付款" />
          </a>
          <Typography.Title level={5} style={{ margin: 0 }}>
            等待付款…
          </Typography.Title>
          <Button danger loading={busy} onClick={cancel}>
            取消收款
          </Button>
        </>
      )}
      {row?.status === 'paid' && (
        <Result status="success" title="已支付，桌台已结账" style={{ padding: 8 }} />
      )}
      {row?.status === 'cancelled' && (
        <Alert type="warning" showIcon title="收款已取消（支付已关闭），桌台未结账" />
      )}
      {!waiting && row?.status !== 'paid' && (
        <Button type="primary" loading={busy} onClick={start} disabled={!chosen}>
          生成收款码
        </Button>
      )}
      {error && <Alert type="error" showIcon title={error} />}
    </Space>
  );
}
