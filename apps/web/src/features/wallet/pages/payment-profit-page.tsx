import { Alert, Card, Empty, Space, Statistic } from 'antd';
import { usePaymentProfit } from '../api/wallet-queries';

/** /myWallet/paymentProfit: the agent's share of its netbars' payment volume (empty until payments exist). */
export default function PaymentProfitPage() {
  const q = usePaymentProfit();
  const rate = q.data ? (q.data.rate_bp / 100).toFixed(2) : '—';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="分润规则"
        description={`您名下网吧通过平台聚合支付收款的流水，按平台设定的分润比例（当前 ${rate}%）计入您的支付分润，按自然月结算。`}
      />
      <Card>
        <Statistic title="当前分润比例" value={rate} suffix="%" loading={q.isLoading} />
      </Card>
      <Card title="分润明细">
        <Empty description="暂无数据：网吧开通聚合支付后，这里将按月显示支付流水与分润" />
      </Card>
    </Space>
  );
}
