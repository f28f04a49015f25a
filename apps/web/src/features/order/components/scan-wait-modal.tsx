import {
  type CounterScanRow,
  type CounterScanType,
  fenToYuan,
  type OrderResult,
  type PayLinkRow,
} from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, QRCode, Result, Segmented, Space, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { showPayQr } from '../../../lib/customer-display';
import { HttpError } from '../../../lib/http';
import { requestId } from '../api/order-api';
import {
  cancelScan,
  fetchCashierScanTypes,
  fetchOrder,
  fetchOrderQuiet,
  makeOrderLink,
  orderMicropay,
  payLinkUrl,
  queryScan,
  startOrderScan,
} from '../api/scan-api';

export interface ScanWaitProps {
  /** The order rung up unpaid (待支付): paid by the customer's scan, finished by the server. */
  order: { id: number; order_no: string; total_fen: number };
  onPaid: (r: OrderResult) => void;
  /** After 取消: the payment is closed and the order cancelled (nothing taken). */
  onCancelled: () => void;
}

const POLL_MS = 1000;
const PAID_SHOWN_MS = 1200;
const errText = (e: unknown) => (e instanceof HttpError ? e.message : '操作失败，请重试');

/**
 * 等待付款: the QR of the order's payment (the methods the store's 收银台 offers), polled every second —
 * the server asks the acquirer itself once the payment has waited 5 s — until 已支付; 取消 closes it.
 * 生成付款链接 (decision 182) adds the order's single-use pay link (its QR and address, to send to the
 * customer's phone); while it exists the poll also reads the order, which the link's payment finishes
 * through the same settle code, and the counter QR is then closed (a second payment would be refunded).
 */
export function ScanWaitModal({ order, onPaid, onCancelled }: ScanWaitProps) {
  const types = useQuery({ queryKey: ['order', 'scan-types'], queryFn: fetchCashierScanTypes });
  const [payType, setPayType] = useState<CounterScanType | null>(null);
  const [row, setRow] = useState<CounterScanRow | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<PayLinkRow | null>(null);
  const [linkBusy, setLinkBusy] = useState(false);
  const [code, setCode] = useState('');
  const [charging, setCharging] = useState(false);
  const done = useRef(false);
  const chosen = payType ?? types.data?.[0]?.pay_type ?? null;
  // the 副屏 shows the QR the customer may scan (decision 191), and none once it is paid or closed
  const chosenName = types.data?.find((t) => t.pay_type === chosen)?.name ?? '扫码支付';
  const shownQr = row?.status === 'waiting' && row.qr_payload ? row.qr_payload : '';
  useEffect(() => {
    showPayQr(shownQr ? { payload: shownQr, label: chosenName } : undefined);
    return () => showPayQr(undefined);
  }, [shownQr, chosenName]);

  // one QR per chosen method (a change closes the previous one on the server)
  useEffect(() => {
    if (!chosen) return;
    let live = true;
    setRow(null);
    setError('');
    startOrderScan({ order_id: order.id, pay_type: chosen, request_id: requestId() })
      .then((r) => live && setRow(r))
      .catch((e) => live && setError(errText(e)));
    return () => {
      live = false;
    };
  }, [chosen, order.id]);

  useEffect(() => {
    if (row?.status !== 'waiting' && !link) return;
    const finish = (paidOrder: OrderResult) => {
      done.current = true;
      // 已支付 stays on screen a moment before the receipt dialog takes over
      setTimeout(() => onPaid(paidOrder), PAID_SHOWN_MS);
    };
    const tick = async () => {
      if (done.current) return;
      if (link) {
        const o = await fetchOrderQuiet(order.id);
        if (o.order.status !== 'unpaid' && o.order.status !== 'cancelled' && !done.current) {
          setRow((r) => r && { ...r, status: 'paid' });
          finish(o);
          // the counter QR is no longer needed (its order is paid: the close leaves the order alone)
          if (row?.status === 'waiting') void cancelScan(row.payment_no).catch(() => undefined);
          return;
        }
      }
      if (row?.status !== 'waiting') return;
      const r = await queryScan(row.payment_no);
      if (r.status === 'waiting' || done.current) return;
      setRow(r);
      if (r.status === 'paid') finish(await fetchOrder(order.id));
    };
    const timer = setInterval(() => void tick().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [row, link, order.id, onPaid]);

  /** 付款码: the scanner types the customer's code and Enter; paid at once, or waits for the customer. */
  const charge = async () => {
    const auth = code.replace(/\s/g, '');
    if (!auth || charging || done.current) return;
    setCharging(true);
    setError('');
    try {
      const r = await orderMicropay({ order_id: order.id, auth_code: auth, request_id: requestId() });
      setRow(r);
      if (r.status === 'paid') {
        done.current = true;
        const paidOrder = await fetchOrder(order.id);
        setTimeout(() => onPaid(paidOrder), PAID_SHOWN_MS);
      }
    } catch (e) {
      setError(errText(e));
    } finally {
      setCode('');
      setCharging(false);
    }
  };

  const makeLink = async () => {
    setLinkBusy(true);
    try {
      setLink(await makeOrderLink({ order_id: order.id, request_id: requestId() }));
    } catch (e) {
      setError(errText(e));
    } finally {
      setLinkBusy(false);
    }
  };

  const cancel = async () => {
    if (!row) return onCancelled();
    setBusy(true);
    try {
      await cancelScan(row.payment_no);
      onCancelled();
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };

  const paid = row?.status === 'paid';
  return (
    <Modal
      open
      title={`扫码支付 · 应收 ¥${fenToYuan(order.total_fen)}`}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={460}
      footer={[
        <Button
          key="link"
          onClick={makeLink}
          loading={linkBusy}
          disabled={paid || !!link}
          data-testid="scan-make-link"
        >
          生成付款链接
        </Button>,
        <Button key="cancel" danger onClick={cancel} loading={busy} disabled={paid}>
          取消收款
        </Button>,
      ]}
    >
      {types.isPending ? (
        <Spin />
      ) : !types.data?.length ? (
        <Alert type="warning" showIcon title="本店收银台未启用扫码支付方式，请在 支付设置 中启用" />
      ) : (
        <Space orientation="vertical" align="center" style={{ width: '100%' }} data-testid="scan-wait">
          <Segmented
            value={chosen ?? undefined}
            options={types.data.map((t) => ({ label: t.name, value: t.pay_type }))}
            onChange={(v) => setPayType(v as CounterScanType)}
            disabled={!row || paid}
          />
          {row && !row.qr_payload && row.status === 'waiting' ? (
            <Typography.Text type="warning" data-testid="scan-confirming">
              已扫付款码，等待顾客在手机上确认付款
            </Typography.Text>
          ) : row?.qr_payload ? (
            <a href={row.qr_payload} target="_blank" rel="noreferrer" data-testid="scan-qr-link">
              <QRCodeSVG value={row.qr_payload} size={200} marginSize={2} title="顾客扫码付款" />
            </a>
          ) : (
            !error && !paid && <Spin />
          )}
          {!paid && (
            <Input.Search
              aria-label="付款码"
              placeholder="或扫顾客付款码，回车收款"
              enterButton="付款码收款"
              autoFocus
              inputMode="numeric"
              value={code}
              loading={charging}
              onChange={(e) => setCode(e.target.value)}
              onSearch={() => void charge()}
              style={{ width: 340 }}
            />
          )}
          {paid ? (
            <Result status="success" title="已支付" style={{ padding: 8 }} />
          ) : row?.status === 'cancelled' ? (
            <Alert type="warning" showIcon title="收款已取消（支付已关闭）" />
          ) : (
            row && (
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="scan-status">
                等待付款…
              </Typography.Title>
            )
          )}
          <Typography.Text type="secondary">
            请顾客用微信或支付宝扫码付款；付款成功后订单自动完成，商品才出库。订单号 {order.order_no}
          </Typography.Text>
          {link && !paid && <OrderLink link={link} />}
          {error && <Alert type="error" showIcon title={error} />}
        </Space>
      )}
    </Modal>
  );
}

/** The order's pay link: its QR and address (copyable), for the customer's own phone. */
function OrderLink({ link }: { link: PayLinkRow }) {
  const url = payLinkUrl(link.token);
  return (
    <Space
      orientation="vertical"
      align="center"
      style={{ width: '100%', borderTop: '1px solid #f0f0f0', paddingTop: 8 }}
      data-testid="scan-pay-link"
    >
      <Typography.Text strong>付款链接（单次有效，至 {link.expires_at}）</Typography.Text>
      <QRCode value={url} size={140} />
      <Typography.Text copyable={{ text: url }} style={{ fontSize: 12, wordBreak: 'break-all' }}>
        {url}
      </Typography.Text>
    </Space>
  );
}
