import { fenToYuan, PAYMENT_METHOD_LABELS } from '@netbar/contract';
import { Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { usePayPageCancel, usePayPagePay } from '../api/payment-mutations';
import { usePayPage } from '../api/payment-queries';

const frame = { minHeight: '100vh', background: '#f0f2f5', padding: '24px 12px' } as const;
const card = { maxWidth: 420, margin: '0 auto' } as const;

/**
 * /pay?no=…&s=… — the sandbox acquirer's pay page, what a payment's QR code opens on the customer's
 * phone (public, no login; decision 160). It shows the store, the amount and what it pays for;
 * 「确认支付」 makes the sandbox pay (it then notifies the store's server), 「取消」 declines.
 */
export default function PayPage() {
  const [params] = useSearchParams();
  const link = { no: params.get('no') ?? '', s: params.get('s') ?? '' };
  const info = usePayPage(link);
  const pay = usePayPagePay(link);
  const cancel = usePayPageCancel(link);
  const busy = pay.isPending || cancel.isPending;

  if (!link.no || !link.s || info.isError)
    return (
      <div style={frame}>
        <Result status="404" title="支付链接无效或已失效" subTitle="请让收银员重新出示收款二维码" />
      </div>
    );
  if (info.isLoading || !info.data)
    return (
      <div style={{ ...frame, textAlign: 'center', paddingTop: 96 }}>
        <Spin />
      </div>
    );
  const d = info.data;
  const amount = `¥${fenToYuan(d.amount_fen)}`;

  if (d.state === '已支付')
    return (
      <div style={frame}>
        <Card style={card}>
          <Result status="success" title="支付成功" subTitle={`${d.store_name} 已收到 ${amount}`} />
        </Card>
      </div>
    );
  if (d.state === '已关闭')
    return (
      <div style={frame}>
        <Card style={card}>
          <Result status="warning" title="订单已关闭" subTitle="该笔收款已取消或已过期，请让收银员重新发起" />
        </Card>
      </div>
    );

  return (
    <div style={frame}>
      <Card style={card}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {d.store_name}
            </Typography.Title>
            <Tag color="orange">沙箱支付</Tag>
          </Space>
          <div style={{ textAlign: 'center', padding: '12px 0' }}>
            <Typography.Text type="secondary">支付金额</Typography.Text>
            <div data-testid="pay-amount" style={{ fontSize: 36, fontWeight: 600, lineHeight: 1.4 }}>
              {amount}
            </div>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="用途">{d.purpose_label}</Descriptions.Item>
            {d.subject ? <Descriptions.Item label="商品">{d.subject}</Descriptions.Item> : null}
            <Descriptions.Item label="支付方式">{PAYMENT_METHOD_LABELS[d.method]}</Descriptions.Item>
            <Descriptions.Item label="有效期至">{d.expires_at}</Descriptions.Item>
          </Descriptions>
          <Button
            type="primary"
            size="large"
            block
            loading={pay.isPending}
            disabled={busy}
            onClick={() => pay.mutate(undefined)}
          >
            确认支付
          </Button>
          <Button
            size="large"
            block
            loading={cancel.isPending}
            disabled={busy}
            onClick={() => cancel.mutate(undefined)}
          >
            取消
          </Button>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }}>
            这是内置的模拟支付通道，不会产生真实扣款。
          </Typography.Paragraph>
        </Space>
      </Card>
    </div>
  );
}
