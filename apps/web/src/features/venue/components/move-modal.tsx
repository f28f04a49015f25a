import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { fetchMachines } from '../api/venue-api';
import { venueKeys } from '../api/venue-keys';
import { useMoveMachines } from '../api/venue-mutations';
import { AreaSelect } from './area-select';

type Values = { ids: number[]; area_id: number };

/** 批量移动: pick machines, then the area they move to. */
export function MoveModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const move = useMoveMachines({ success: '移动成功', onSuccess: onClose });
  const all = useQuery({
    queryKey: [...venueKeys.machines(), 'all'],
    queryFn: () => fetchMachines({ page: 1, page_size: 1000 }),
    enabled: open,
  });
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title="移动机器到其他区域"
      onCancel={onClose}
      confirmLoading={move.isPending}
      onOk={async () => move.mutate(await form.validateFields())}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="ids" label="机器" rules={[{ required: true, message: '请选择机器' }]}>
          <Select
            mode="multiple"
            placeholder="选择要移动的机器"
            loading={all.isLoading}
            optionFilterProp="label"
            options={(all.data?.list ?? []).map((m) => ({
              value: m.id,
              label: `${m.name}（${m.area_name}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="area_id" label="移到区域" rules={[{ required: true, message: '请选择区域' }]}>
          <AreaSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
