import { type NetbarStaffRow, netbarStaffResetBody } from '@netbar/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { zodFormRules } from '../../../lib/zod-rules';
import { useResetStaffPassword } from '../api/netbar-staff-mutations';

const rules = zodFormRules(netbarStaffResetBody);

/** 重置密码: the owner sets a temporary password; the staff member is logged out and must change it at login. */
export function ResetPasswordModal({
  staff,
  onClose,
}: {
  staff: NetbarStaffRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetStaffPassword({
    success: '密码已重置，员工下次登录时须修改密码',
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
  });
  const submit = async () => {
    if (!staff) return;
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (v) reset.mutate({ id: staff.id, password: v.password });
  };
  return (
    <Modal
      title={`重置密码 · ${staff?.true_name ?? ''}`}
      open={!!staff}
      onOk={submit}
      okText="重置"
      confirmLoading={reset.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="重置后该员工立即退出登录，下次登录须先用此临时密码设置自己的新密码。"
      />
      <Form form={form} name="netbar_staff_reset" labelCol={{ span: 5 }}>
        <Form.Item name="password" label="临时密码" rules={rules.password} required>
          <Input.Password placeholder="6-16位字母、数字或下划线" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
