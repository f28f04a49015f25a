import { fenToYuan, type MemberRow, sessionStartBody } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { zodFormRules } from '../../../lib/zod-rules';
import { fetchFreeMachines, searchMembers } from '../api/session-api';
import { sessionKeys } from '../api/session-keys';
import { useStartSession } from '../api/session-mutations';
import { durationText } from './session-format';

const rules = zodFormRules(sessionStartBody);

/** 会员上机 at the counter: a member found by name, card or mobile, and a free machine. */
export function StartSessionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ member_id: number; machine_id: number }>();
  const [keyword, setKeyword] = useState('');
  const members = useQuery({
    queryKey: [...sessionKeys.all, 'members', keyword],
    queryFn: () => searchMembers(keyword),
    enabled: open,
  });
  const machines = useQuery({
    queryKey: [...sessionKeys.all, 'free-machines'],
    queryFn: fetchFreeMachines,
    enabled: open,
  });
  const start = useStartSession({
    success: (r) => `上机成功（${r.data.plan_name}），余额约可用${durationText(r.data.minutes_left)}`,
    onSuccess: onClose,
  });
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const label = (m: MemberRow) =>
    `${m.name}（${m.card_mask}）余额¥${fenToYuan(m.principal_fen + m.bonus_fen)}`;
  return (
    <Modal
      open={open}
      title="会员上机"
      okText="上机"
      onOk={async () => start.mutate(await form.validateFields())}
      confirmLoading={start.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="member_id" label="会员" rules={rules.member_id} required>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder="输入姓名、卡号或手机号查找"
            loading={members.isFetching}
            notFoundContent={members.isFetching ? '查找中…' : '没有找到正常状态的会员'}
            options={(members.data ?? []).map((m) => ({ value: m.id, label: label(m) }))}
          />
        </Form.Item>
        <Form.Item name="machine_id" label="机器" rules={rules.machine_id} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择空闲机器"
            loading={machines.isLoading}
            notFoundContent="没有空闲机器"
            options={(machines.data ?? []).map((m) => ({
              value: m.id,
              label: `${m.name}（${m.area_name}${m.state === '空闲' ? '' : `，${m.state}`}）`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
