import type { Envelope } from '@netbar/contract';
import { Alert, Card, Space, Spin, Switch, Typography } from 'antd';
import { useSwitchQuickPayment } from '../api/payment-method-mutations';
import { useQuickPayment } from '../api/payment-method-queries';

/** 快捷支付: on, the cashier takes the customer's 付款码 with the scanner without showing a QR first. */
export function QuickPaymentCard() {
  const q = useQuickPayment();
  // the answer says which way it went: 快捷支付已开启 / 快捷支付已关闭
  const toggle = useSwitchQuickPayment({ success: (d) => (d as Envelope<unknown>).msg });
  return (
    <Card title="快捷支付" size="small">
      {q.isLoading ? (
        <Spin />
      ) : q.isError ? (
        <Alert type="error" showIcon title="加载快捷支付状态失败" />
      ) : (
        <Space direction="vertical">
          <Space>
            <Switch
              aria-label="快捷支付"
              checked={q.data?.enabled}
              loading={toggle.isPending}
              checkedChildren="开启"
              unCheckedChildren="关闭"
              onChange={(enabled) => toggle.mutate(enabled)}
            />
            <Typography.Text>{q.data?.enabled ? '已开启' : '未开启'}</Typography.Text>
          </Space>
          <Typography.Text type="secondary">
            开启后，收银台可直接扫描顾客的付款码收款；需先启用一种扫码支付方式。
          </Typography.Text>
          {q.data?.updated_at && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {q.data.updated_by} 于 {q.data.updated_at} 修改
            </Typography.Text>
          )}
        </Space>
      )}
    </Card>
  );
}
