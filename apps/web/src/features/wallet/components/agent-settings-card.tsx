import { agentSettingsBody } from '@netbar/contract';
import { Button, Card, Form, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveAgentSettings } from '../api/wallet-mutations';
import { useAgentSettings } from '../api/wallet-queries';

/** The grace limit from the contract; the rate is % on the form and basis points on the wire (hand rule). */
const rules = zodFormRules(agentSettingsBody);

/** 代理商规则: the grace limit agents may set and the payment profit rate (in basis points, shown in %). */
export function AgentSettingsCard() {
  const q = useAgentSettings();
  const [form] = Form.useForm<{ delay_max_days: number; rate: number }>();
  const save = useSaveAgentSettings({ success: '保存成功' });
  useEffect(() => {
    if (q.data)
      form.setFieldsValue({ delay_max_days: q.data.delay_max_days, rate: q.data.profit_rate_bp / 100 });
  }, [q.data, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (v) save.mutate({ delay_max_days: v.delay_max_days, profit_rate_bp: Math.round(v.rate * 100) });
  };
  return (
    <Card title="代理商规则" size="small" loading={q.isLoading}>
      <Form form={form} layout="inline" style={{ rowGap: 12 }}>
        <Form.Item name="delay_max_days" label="到期宽限上限" rules={rules.delay_max_days}>
          <InputNumber min={0} max={90} precision={0} suffix="天" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="rate"
          label="支付分润比例"
          rules={[
            { required: true, type: 'number', min: 0, max: 100, message: '分润比例为0-100%，最多两位小数' },
          ]}
        >
          <InputNumber min={0} max={100} precision={2} step={0.1} suffix="%" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" onClick={submit} loading={save.isPending}>
              保存规则
            </Button>
            <span style={{ color: '#666' }}>代理商的延期配置不能超过宽限上限；分润按网吧支付流水计算。</span>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
