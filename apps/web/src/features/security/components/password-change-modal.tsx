import { MSG, newPassword } from '@netbar/contract';
import { Button, Form, Input, Modal } from 'antd';
import { zodRule } from '../../../lib/zod-rules';
import { useUpdatePassword } from '../api/security-mutations';

/** Change the password with the old one; every other session of the account ends. */
export function PasswordChangeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const update = useUpdatePassword({
    success: (msg) => msg,
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
  });
  const finish = (v: Record<string, string>) => update.mutate(v);
  return (
    <Modal
      title="修改登录密码"
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      width={440}
    >
      <p style={{ color: 'rgba(0,0,0,0.45)' }}>修改后，该账号在其他设备上的登录将全部退出。</p>
      <Form form={form} layout="vertical" onFinish={finish} noValidate>
        <Form.Item label="原密码" name="old_password" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="password" required rules={[zodRule(newPassword)]}>
          <Input.Password placeholder="6-16位字母、数字或下划线" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm_password"
          dependencies={['password']}
          rules={[
            { required: true, message: MSG.confirmPassword },
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if (v && v !== getFieldValue('password')) throw new Error(MSG.passwordMismatch);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={update.isPending}>
          确认修改
        </Button>
      </Form>
    </Modal>
  );
}
