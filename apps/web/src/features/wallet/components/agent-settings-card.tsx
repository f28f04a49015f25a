import { agentSettingsBody } from '@netbar/contract';
import { Button, Card, Form, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveAgentSettings } from '../api/wallet-mutations';
import { useAgentSettings } from '../api/wallet-queries';

/** The grace limit from the contract. */
const rules = zodFormRules(agentSettingsBody);

/**
 * 代理商规则: the grace limit agents may set. The payment profit is set per payment method in
 * 支付分润费率 (decision 171); the old single rate is kept as stored.
 */
export function AgentSettingsCard() {
  const q = useAgentSettings();
  const [form] = Form.useForm<{ delay_max_days: number }>();
  const save = useSaveAgentSettings({ success: '保存成功' });
  useEffect(() => {
    if (q.data) form.setFieldsValue({ delay_max_days: q.data.delay_max_days });
  }, [q.data, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (v) save.mutate({ delay_max_days: v.delay_max_days, profit_rate_bp: q.data?.profit_rate_bp ?? 0 });
  };
  return (
    <Card title="代理商规则" size="small" loading={q.isLoading}>
      <Form form={form} layout="inline" style={{ rowGap: 12 }}>
        <Form.Item name="delay_max_days" label="到期宽限上限" rules={rules.delay_max_days}>
          <InputNumber min={0} max={90} precision={0} suffix="天" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" onClick={submit} loading={save.isPending}>
              保存规则
            </Button>
            <span style={{ color: '#666' }}>代理商的延期配置不能超过宽限上限。</span>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
