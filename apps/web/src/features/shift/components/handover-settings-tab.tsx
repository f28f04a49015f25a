import { APPROVAL_RULE_LABELS, APPROVAL_RULES, type ShiftSettingsBody } from '@netbar/contract';
import { Alert, Button, Form, Radio, Select, Spin, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useSaveShiftSettings } from '../api/shift-mutations';
import { useShiftSettings } from '../api/shift-queries';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIMES = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

/**
 * 云计费交班 settings (application handover/cloud_billing 10508): automatic handover at fixed times,
 * whether the cashier must count the cash, and who approves an over or short.
 */
export function HandoverSettingsTab() {
  const q = useShiftSettings();
  const [form] = Form.useForm<ShiftSettingsBody>();
  const save = useSaveShiftSettings({ success: '保存成功' });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  if (q.isLoading) return <Spin />;
  if (q.isError) return <Alert type="error" showIcon title="加载交班设置失败" />;
  return (
    <Form<ShiftSettingsBody>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={(v) => save.mutate({ ...v, auto_times: [...(v.auto_times ?? [])].sort() })}
    >
      <Form.Item
        name="auto_times"
        label="自动交班时间"
        extra="到点时自动交班并为同一收银员开下一班次；不选则不自动交班（最多6个，北京时间）"
        rules={[
          {
            validator: async (_r, v?: string[]) => {
              const l = v ?? [];
              if (l.some((t) => !HHMM.test(t))) throw new Error('交班时间格式为HH:mm');
              if (l.length > 6) throw new Error('自动交班时间最多6个');
            },
          },
        ]}
      >
        <Select
          aria-label="自动交班时间"
          mode="tags"
          placeholder="如 08:00、20:00"
          options={TIMES.map((t) => ({ value: t, label: t }))}
        />
      </Form.Item>
      <Form.Item
        name="count_required"
        label="交班须点钞"
        valuePropName="checked"
        extra="开启后，自动交班的班次标记为“待点钞”，收银员清点现金后才算完成交班"
      >
        <Switch aria-label="交班须点钞" />
      </Form.Item>
      <Form.Item name="approval" label="长短款审批">
        <Radio.Group options={APPROVAL_RULES.map((r) => ({ value: r, label: APPROVAL_RULE_LABELS[r] }))} />
      </Form.Item>
      {q.data?.updated_at && (
        <Typography.Paragraph type="secondary">
          最近修改：{q.data.updated_by} {q.data.updated_at}
        </Typography.Paragraph>
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
