import { bulkNames, machineBulkBody, VENUE_LIMITS } from '@netbar/contract';
import { Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { zodFormRules } from '../../../lib/zod-rules';
import { useBulkAdd } from '../api/venue-mutations';
import { AreaSelect } from './area-select';

const rules = zodFormRules(machineBulkBody);
type Values = { area_id: number; prefix?: string; start: number; end: number; digits: number };

/** 批量添加: prefix + number range (A001–A060), previewed before it is sent. */
export function BulkAddModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const add = useBulkAdd({ success: (r) => r.msg, onSuccess: onClose });
  const v = Form.useWatch([], form) as Partial<Values> | undefined;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const ok = machineBulkBody.safeParse(v ?? {});
  const preview = ok.success ? bulkNames(ok.data) : [];
  return (
    <Modal
      open={open}
      title="批量添加机器"
      onCancel={onClose}
      confirmLoading={add.isPending}
      onOk={async () => add.mutate(await form.validateFields())}
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ prefix: 'A', start: 1, end: 20, digits: 3 }}>
        <Form.Item name="area_id" label="所属区域" rules={rules.area_id} required>
          <AreaSelect />
        </Form.Item>
        <Space align="start">
          <Form.Item name="prefix" label="名称前缀" rules={rules.prefix}>
            <Input style={{ width: 100 }} maxLength={6} />
          </Form.Item>
          <Form.Item name="start" label="起始编号" rules={rules.start} required>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="end" label="结束编号" rules={rules.end} required>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="digits" label="编号位数" rules={rules.digits}>
            <InputNumber min={1} max={4} precision={0} />
          </Form.Item>
        </Space>
      </Form>
      <Typography.Text type={ok.success ? 'secondary' : 'danger'}>
        {ok.success
          ? `将添加 ${preview.length} 台：${preview[0]} … ${preview[preview.length - 1]}`
          : (ok.error.issues[0]?.message ?? `一次最多添加${VENUE_LIMITS.bulkMax}台机器`)}
      </Typography.Text>
    </Modal>
  );
}
