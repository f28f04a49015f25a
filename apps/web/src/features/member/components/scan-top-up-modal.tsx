import {
  type CounterScanRow,
  type CounterScanType,
  fenToYuan,
  type MemberRow,
  yuanInputToFen,
} from '@netbar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Result,
  Segmented,
  Space,
  Spin,
  Typography,
} from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { HttpError } from '../../../lib/http';
import {
  cancelScanTopUp,
  fetchScanTypes,
  queryScanTopUp,
  requestId,
  startScanTopUp,
} from '../api/member-api';
import { memberKeys } from '../api/member-keys';

const POLL_MS = 1000;
const errText = (e: unknown) => (e instanceof HttpError ? e.message : '操作失败，请重试');

/**
 * 扫码充值 (decision 182): the amount and the method (what the store's 收银台 offers), then the 等待付款 QR,
 * polled every second until the payment settles — the member is credited by the settlement, once, not by
 * this screen — or 取消收款 closes it. Nothing is credited before the customer has paid.
 */
/** Rendered while open (a new dialog, a new request id, per member). */
export function ScanTopUpModal({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const [form] = Form.useForm<{ amount?: number; remark?: string }>();
  const types = useQuery({ queryKey: ['member', 'scan-types'], queryFn: fetchScanTypes });
  const qc = useQueryClient();
  const [payType, setPayType] = useState<CounterScanType | null>(null);
  const [row, setRow] = useState<CounterScanRow | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [rid] = useState(requestId);
  const chosen = payType ?? types.data?.[0]?.pay_type ?? null;

  useEffect(() => {
    if (row?.status !== 'waiting') return;
    const timer = setInterval(() => {
      queryScanTopUp(row.payment_no)
        .then((r) => {
          if (r.status === 'waiting') return;
          setRow(r);
          if (r.status === 'paid') void qc.invalidateQueries({ queryKey: memberKeys.all });
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [row, qc]);

  const start = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !chosen) return;
    setBusy(true);
    setError('');
    try {
      setRow(
        await startScanTopUp({
          member_id: member.id,
          amount_fen: yuanInputToFen(v.amount),
          pay_type: chosen,
          request_id: rid,
          remark: v.remark || undefined,
        }),
      );
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    if (row?.status !== 'waiting') return onClose();
    setBusy(true);
    try {
      setRow(await cancelScanTopUp(row.payment_no));
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };

  const paid = row?.status === 'paid';
  const footer = !row ? (
    <Space>
      <Button onClick={onClose}>取消</Button>
      <Button type="primary" loading={busy} disabled={!chosen} onClick={start}>
        生成收款码
      </Button>
    </Space>
  ) : row.status === 'waiting' ? (
    <Button danger loading={busy} onClick={cancel}>
      取消收款
    </Button>
  ) : (
    <Button type="primary" onClick={onClose}>
      完成
    </Button>
  );
  return (
    <Modal
      open
      title={`扫码充值 · ${member.name ?? ''}`}
      onCancel={row?.status === 'waiting' ? undefined : onClose}
      closable={row?.status !== 'waiting'}
      mask={{ closable: false }}
      keyboard={row?.status !== 'waiting'}
      width={460}
      footer={footer}
    >
      {types.isPending ? (
        <Spin />
      ) : !types.data?.length ? (
        <Alert type="warning" showIcon title="本店收银台未启用扫码支付方式，请在 支付设置 中启用" />
      ) : !row ? (
        <Form form={form} layout="vertical">
          <Typography.Paragraph type="secondary">
            卡号 {member.card_mask}，当前本金 {fenToYuan(member.principal_fen ?? 0)} 元、奖励{' '}
            {fenToYuan(member.bonus_fen ?? 0)} 元。顾客付款成功后才入账（赠送与积分同现金充值）。
          </Typography.Paragraph>
          <Form.Item label="支付方式" required>
            <Segmented
              value={chosen ?? undefined}
              options={types.data.map((t) => ({ label: t.name, value: t.pay_type }))}
              onChange={(v) => setPayType(v as CounterScanType)}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label="充值金额（元）"
            required
            rules={[
              { required: true, message: '请输入充值金额' },
              { type: 'number', min: 0.01, max: 100000, message: '充值金额须为0.01-100000元' },
            ]}
          >
            <InputNumber aria-label="扫码充值金额" min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[{ max: 100, message: '备注最多100个字符' }]}>
            <Input maxLength={100} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      ) : (
        <Space orientation="vertical" align="center" style={{ width: '100%' }} data-testid="topup-scan">
          <Typography.Text strong>应收 ¥{fenToYuan(row.amount_fen)}</Typography.Text>
          {row.status === 'waiting' && (
            <a href={row.qr_payload} target="_blank" rel="noreferrer" data-testid="topup-qr-link">
              <QRCodeSVG value={row.qr_payload} size={200} marginSize={2} title="顾客扫码付款" />
            </a>
          )}
          {paid ? (
            <Result
              status="success"
              title="充值成功"
              subTitle={`¥${fenToYuan(row.amount_fen)} 已入账到会员 ${member.name ?? ''}`}
              style={{ padding: 8 }}
            />
          ) : row.status === 'cancelled' ? (
            <Alert type="warning" showIcon title="收款已取消（支付已关闭），未入账" />
          ) : (
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="topup-status">
              等待付款…
            </Typography.Title>
          )}
          {row.status === 'waiting' && (
            <Typography.Text type="secondary">
              请顾客用微信或支付宝扫码付款；付款成功后自动入账
            </Typography.Text>
          )}
          {error && <Alert type="error" showIcon title={error} />}
        </Space>
      )}
    </Modal>
  );
}
