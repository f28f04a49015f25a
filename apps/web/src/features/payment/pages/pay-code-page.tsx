import { Button, Card, Form, Input, Result, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePayCodeCreate } from '../api/payment-mutations';
import { usePayCode } from '../api/payment-queries';

const frame = { minHeight: '100vh', background: '#f0f2f5', padding: '24px 12px' } as const;
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const newRequestId = () => `code-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/**
 * /pay/code/<token> — a store's fixed QR code (approved by the payment company, decision 162), public:
 * the customer types the amount, a payment of the store is made, and its pay page opens (/pay).
 */
export default function PayCodePage() {
  const token = useParams().token ?? '';
  const store = usePayCode(token);
  const navigate = useNavigate();
  // one id per visit: a double tap on 下一步 makes one payment
  const [requestId] = useState(newRequestId);
  const create = usePayCodeCreate((l) =>
    navigate(`/pay?no=${encodeURIComponent(l.no)}&s=${encodeURIComponent(l.s)}`),
  );

  if (!token || store.isError)
    return (
      <div style={frame}>
        <Result status="404" title="收款码无效或未通过审核" subTitle="请向门店前台确认收款码" />
      </div>
    );
  if (store.isLoading || !store.data)
    return (
      <div style={{ ...frame, textAlign: 'center', paddingTop: 96 }}>
        <Spin />
      </div>
    );
  return (
    <div style={frame}>
      <Card style={{ maxWidth: 420, margin: '0 auto' }}>
        <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 16 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {store.data.store_name}
          </Typography.Title>
          <Tag color="blue">固定收款码</Tag>
        </Space>
        <Form
          layout="vertical"
          onFinish={(v: { amount: string }) =>
            create.mutate({ token, amount: v.amount.trim(), request_id: requestId })
          }
        >
          <Form.Item
            name="amount"
            label="付款金额（元）"
            rules={[
              { required: true, message: '请输入付款金额' },
              {
                validator: (_r, v: string | undefined) =>
                  !v || (AMOUNT.test(v.trim()) && Number(v) > 0)
                    ? Promise.resolve()
                    : Promise.reject(new Error('请输入大于0且最多两位小数的金额')),
              },
            ]}
          >
            <Input size="large" inputMode="decimal" prefix="¥" placeholder="0.00" autoComplete="off" />
          </Form.Item>
          <Button type="primary" size="large" block htmlType="submit" loading={create.isPending}>
            下一步
          </Button>
        </Form>
      </Card>
    </div>
  );
}
