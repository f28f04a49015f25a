import { type SubAgentRow, subAgentCreateBody, subAgentEditBody } from '@netbar/contract';
import { Form, Input, Modal, Radio } from 'antd';
import type { ReactNode } from 'react';
import { AreaFields } from '../../../components/area-fields';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules, zodRequired } from '../../../lib/zod-rules';
import type { SubAgentSave } from '../api/channel-api';
import { useSaveSubAgent } from '../api/channel-mutations';
import { useRegInfo } from '../api/channel-queries';

const addRules = zodFormRules(subAgentCreateBody);
const addRequired = zodRequired(subAgentCreateBody);
const editRules = zodFormRules(subAgentEditBody);

export type SubAgentMode = ModeState<SubAgentRow>;

/** 新增下级渠道 (the channel and its login account) or 编辑下级渠道: one form, two modes. */
export function SubAgentModal({
  state,
  onClose,
  onDone,
}: {
  state: SubAgentMode;
  onClose: () => void;
  onDone: () => void;
}) {
  const { form, saving, adding, submit } = useModeForm<SubAgentRow, Record<string, unknown>, SubAgentSave>(
    state,
    {
      valuesOf: (row) => ({ ...row }),
      mutation: useSaveSubAgent(),
      payload: (values, s) => (s.mode === 'edit' ? { ...values, agent_id: s.row.id } : values),
      success: (s) => (s.mode === 'edit' ? '保存成功' : '下级渠道已创建'),
      onDone,
    },
  );
  const info = useRegInfo(adding);
  const item = (name: keyof typeof addRules, label: string, node: ReactNode) => (
    <Form.Item
      name={name}
      label={label}
      rules={adding ? addRules[name] : editRules[name as keyof typeof editRules]}
      required={addRequired[name]}
    >
      {node}
    </Form.Item>
  );
  return (
    <Modal
      title={adding ? '新增下级渠道' : '编辑下级渠道'}
      open={!!state}
      onOk={submit}
      okText={adding ? '创建' : '保存'}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
      width={600}
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} initialValues={{ status: 1 }}>
        {adding && (
          <Form.Item label="上级渠道">
            <span>{info.data?.parent_name ?? '…'}</span>
          </Form.Item>
        )}
        {item('name', '渠道名称', <Input placeholder="如：苏州网吧服务商" maxLength={30} />)}
        {adding &&
          item('user_name', '登录账号', <Input placeholder="4-30位字母、数字或下划线" autoComplete="off" />)}
        {adding &&
          item(
            'password',
            '登录密码',
            <Input.Password placeholder="6-16位字母、数字或下划线" autoComplete="new-password" />,
          )}
        {item('contact', '联系人', <Input />)}
        {item('mobile', '手机号', <Input maxLength={11} />)}
        <AreaFields form={form} />
        {item('address', '详细地址', <Input />)}
        {!adding && (
          <Form.Item name="status" label="状态" rules={editRules.status}>
            <Radio.Group
              options={[
                { value: 1, label: '正常' },
                { value: 2, label: '停用（其账号无法登录）' },
              ]}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
