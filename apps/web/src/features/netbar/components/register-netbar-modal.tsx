import { agentRegisterNetbarBody } from '@netbar/contract';
import { Form, Input, InputNumber, Modal } from 'antd';
import { AreaFields } from '../../../components/area-fields';
import { zodFormRules, zodRequired } from '../../../lib/zod-rules';
import { useRegisterNetbar } from '../api/netbar-mutations';

const rules = zodFormRules(agentRegisterNetbarBody);
const required = zodRequired(agentRegisterNetbarBody);

/** 注册网吧: the netbar and its login account (spec section 5 rules). */
export function RegisterNetbarModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm();
  const register = useRegisterNetbar({
    success: '网吧注册成功',
    onSuccess: () => {
      form.resetFields();
      onDone();
    },
  });
  const submit = async () => {
    const values = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (values) register.mutate(values);
  };
  const item = (name: keyof typeof rules, label: string, node: React.ReactNode) => (
    <Form.Item name={name} label={label} rules={rules[name]} required={required[name]}>
      {node}
    </Form.Item>
  );
  return (
    <Modal
      title="注册网吧"
      open={open}
      onOk={submit}
      confirmLoading={register.isPending}
      onCancel={onClose}
      okText="注册"
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} initialValues={{ machine_count: 50 }}>
        {item('user_name', '登录账号', <Input placeholder="4-30位字母、数字或下划线" autoComplete="off" />)}
        {item(
          'password',
          '登录密码',
          <Input.Password placeholder="6-16位字母、数字或下划线" autoComplete="new-password" />,
        )}
        {item('name', '网吧名称', <Input placeholder="如：星际网咖四店" />)}
        {item('contact', '联系人', <Input />)}
        {item('mobile', '手机号', <Input maxLength={11} />)}
        <AreaFields form={form} />
        {item('address', '详细地址', <Input />)}
        {item('machine_count', '机器数', <InputNumber min={1} max={300} style={{ width: '100%' }} />)}
      </Form>
    </Modal>
  );
}
