import { Alert, Form, Input, Modal } from 'antd';
import { useBindNetbar } from '../api/netbar-mutations';

interface BindForm {
  user_name: string;
  code: string;
}

/** 绑定网吧: an existing netbar joins the agent with its login name and the owner's 6-digit bind code. */
export function BindNetbarModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<BindForm>();
  // a refusal (wrong code, already bound ...) is shown by the request client
  const bind = useBindNetbar({ success: '绑定成功', onSuccess: onDone });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (v) bind.mutate({ userName: v.user_name.trim(), code: v.code.trim() });
  };
  return (
    <Modal
      title="绑定网吧"
      open={open}
      onOk={submit}
      okText="绑定"
      confirmLoading={bind.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="请网吧老板登录网吧后台生成6位绑定码（24小时内有效，只能使用一次），输错5次后需重新生成。"
      />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="user_name"
          label="网吧账号"
          rules={[{ required: true, whitespace: true, message: '请输入网吧的登录账号' }]}
        >
          <Input placeholder="网吧主账号的登录名" maxLength={30} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="code"
          label="绑定码"
          rules={[
            { required: true, message: '请输入绑定码' },
            { pattern: /^\d{6}$/, message: '绑定码为6位数字' },
          ]}
        >
          <Input placeholder="6位数字" maxLength={6} inputMode="numeric" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
